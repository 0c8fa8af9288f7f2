import { describe, expect, it } from 'vitest';
import { RecordPool } from '../../src/lvs/index.ts';
import { outsideExclusiveListsView } from '../../src/coordinator/exclusive-lists.ts';

const url = (i: number) => `http://127.0.0.1/story/${i}`;
const EDITIONS = ['weekend', 'morning', 'evening'];

/** 60 stories, 20 of each edition (an attribute); stories 0, 3, 6 … (every third) are about the council. */
function pool(): RecordPool {
  const p = new RecordPool();
  for (let i = 0; i < 60; i++) {
    const edition = EDITIONS[Math.floor(i / 20)]!;
    p.add({ url: url(i), title: `Story ${i} ${i % 3 === 0 ? 'council vote' : 'ferry'}`, text: 'Filed by the desk.', attributes: { Edition: `${edition} edition` } });
  }
  return p;
}

const range = (from: number, to: number) => new Set(Array.from({ length: to - from }, (_, k) => url(from + k)));

describe('outsideExclusiveListsView', () => {
  it("leaves out a sibling value's complete list, not lists independent of the word or too short to tell", () => {
    const lists = new Map([
      ['weekend', range(0, 20)],
      // Every third story: shares council stories with every edition.
      ['council', new Set([...range(0, 60)].filter((_, i) => i % 3 === 0))],
      // Two weekend stories: no shared holder, but two of 60 would miss 20 morning holders by chance half the time.
      ['short', range(0, 2)],
    ]);
    const once = (u: string) => Number(u.split('/').pop()) % 2 === 0;
    const view = outsideExclusiveListsView(pool(), lists, once);
    // (1 − 20/60)^20 ≈ 3e-4 < 0.01: weekend's list is exclusive of morning; 40 stories stay, 20 of them listed once.
    expect(view(['morning'])).toEqual({ documents: 40, listedOnce: 20, lists: ['weekend'] });
    // A word of the list's own records: not exclusive of it, but covered by it: all 20 weekend holders are in
    // it, where (20/60)^20 ≈ 3e-10 would have chance put them; 40 stories outside, 20 listed once.
    expect(view(['weekend'])).toEqual({ documents: 40, listedOnce: 20, lists: [], covering: ['weekend'] });
    // Of several words, the records holding all: 13 morning ferry stories, (2/3)^13 ≈ 0.005 for weekend's list; no
    // ferry story is about the council either, (1 − 20/60)^13 for its list too. 60 − 20 − 13 council stories outside weekend.
    expect(view(['morning', 'ferry'])).toMatchObject({ documents: 27, lists: ['weekend', 'council'] });
    // The 7 morning council stories, (2/3)^7 ≈ 0.06, are too few to tell weekend's list from chance; all 7 lie in
    // the council list, where (20/60)^7 ≈ 5e-4 would have chance put them: it covers them, 40 stories outside it.
    expect(view(['morning council'])).toEqual({ documents: 40, listedOnce: 20, lists: [], covering: ['council'] });
    // A word no held record holds: nothing to tell.
    expect(view(['treaty'])).toBeUndefined();
  });

  it('counts a record of several exclusive lists once, and records the lists listed but the pool lacks not at all', () => {
    const lists = new Map([
      ['weekend', range(0, 20)],
      ['evening', new Set([...range(40, 60), 'http://127.0.0.1/story/999'])],
    ]);
    const view = outsideExclusiveListsView(pool(), lists, () => true);
    expect(view(['morning'])).toEqual({ documents: 20, listedOnce: 20, lists: ['weekend', 'evening'] });
  });

  it("finds the complete list that covers a word's holders, where chance would not have put them all in it", () => {
    const p = new RecordPool();
    // 30 projects; the first 8 mention an oven, the first 2 a lamp too; a complete list holds the first 10.
    for (let i = 0; i < 30; i++) p.add({ url: url(i), title: `Project ${i}`, text: `${i < 8 ? 'oven' : 'shelf'} ${i < 2 ? 'lamp' : 'tile'}`, attributes: {} });
    const view = outsideExclusiveListsView(p, new Map([['kitchen', range(0, 10)]]), () => true);
    // (10/30)^8 ≈ 2e-4: the list is the oven's; the 20 projects outside it hold no oven.
    expect(view(['oven'])).toEqual({ documents: 20, listedOnce: 20, lists: [], covering: ['kitchen'] });
    // Two lamps in a third of the projects: (1/3)^2 ≈ 0.11, chance enough.
    expect(view(['lamp'])).toBeUndefined();
    // Shelves: 2 of the list's 10 share them, so it neither covers nor excludes them.
    expect(view(['shelf'])).toBeUndefined();
  });
});
