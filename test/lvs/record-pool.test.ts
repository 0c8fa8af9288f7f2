import { describe, expect, it } from 'vitest';
import { JUDGE_FROM, RECORD_PARTS, RecordPool, RecordTemplate, textLines } from '../../src/lvs/index.ts';

// A record page as the snapshot writes it: one block per line, menu and footer around the record.
const MENU = ['Sports Desk', 'Home', 'Football', 'Tennis', 'Contact'];
const FOOTER = ['Privacy', 'Partners', '© Sports Daily. All rights reserved.'];
const HEADLINES = ['Rovers edge Athletic', 'Late goal sinks United', 'Baseline rally wins final', 'Keeper saves penalty', 'Sprinter breaks record', 'Derby ends level', 'Captain signs extension', 'Coach praises defence', 'Striker returns from injury', 'Champions lift trophy', 'Relegation fight tightens', 'Cup draw made', 'Veteran retires', 'Transfer window closes', 'Fans protest prices', 'Academy graduate shines'];

function page(i: number, extra: string[] = []): { title: string; text: string; attributes: Record<string, unknown> } {
  const title = HEADLINES[i % HEADLINES.length]!;
  return { title, text: [...MENU, title, `Report number ${i} about ${title.toLowerCase()}.`, ...extra, ...FOOTER].join('\n'), attributes: {} };
}

describe('RecordTemplate', () => {
  it('judges nothing before it has seen enough records, then the lines most record pages share', () => {
    const t = new RecordTemplate();
    for (let i = 0; i < JUDGE_FROM - 1; i++) expect(t.observe(textLines(page(i).text))).toBe(false);
    expect(t.lines.size).toBe(0);
    expect(t.observe(textLines(page(JUDGE_FROM - 1).text))).toBe(true);
    expect([...t.lines].sort()).toEqual([...MENU, ...FOOTER].map((l) => l.toLowerCase()).sort());
    expect(t.content(page(3).text)).toBe(`${HEADLINES[3]}\nReport number 3 about ${HEADLINES[3]!.toLowerCase()}.`);
  });

  it('gives a line back to content when it turns out to be shared by one answer only', () => {
    const t = new RecordTemplate();
    // The first records all answer one query and share its section line.
    for (let i = 0; i < JUDGE_FROM; i++) t.observe(textLines(page(i, ['Section: Football']).text));
    expect(t.isTemplate('section: football')).toBe(true);
    // Judged again at twice the records: 8 of 16 pages hold it, not more than half.
    let changed = false;
    for (let i = JUDGE_FROM; i < 2 * JUDGE_FROM; i++) changed = t.observe(textLines(page(i, ['Section: Tennis']).text)) || changed;
    expect(changed).toBe(true);
    expect(t.isTemplate('section: football')).toBe(false);
    expect(t.isTemplate('privacy')).toBe(true);
  });
});

describe('RecordPool', () => {
  it('leaves menu and footer words out, from the records before the template was known too', () => {
    const pool = new RecordPool();
    for (let i = 0; i < 3; i++) pool.add(page(i));
    // Before the first judgement the chrome is counted like content.
    expect(pool.keywords.stats('privacy')?.df).toBe(3);
    for (let i = 3; i < 12; i++) pool.add(page(i));
    const words = pool.keywords;
    expect(words.documents).toBe(12);
    for (const chrome of ['privacy', 'partners', 'contact', 'desk', 'rights']) expect(words.stats(chrome), chrome).toBeUndefined();
    // Content words keep their counts; "report" is on every record page but in lines of their own.
    expect(words.stats('report')?.df).toBe(12);
    expect(words.stats('rovers')?.df).toBe(1);
    // The top of the frequency ranking is content now.
    expect(words.ranked('df', { limit: 2 }).map((s) => s.term)).toEqual(['number', 'report']);
  });

  it('keeps a template word that a record names in its title or text', () => {
    const pool = new RecordPool();
    for (let i = 0; i < 12; i++) pool.add(page(i, i < 4 ? ['Football league table after the weekend'] : []));
    const football = pool.keywords.stats('football');
    expect(football?.df).toBe(4);
    expect(pool.keywords.stats('tennis')).toBeUndefined();
    pool.add({ title: 'Tennis star withdraws', text: page(0).text, attributes: {} });
    expect(pool.keywords.stats('tennis')?.df).toBe(1);
    expect(pool.keywords.stats('tennis')?.contexts.map((c) => c.tag)).toEqual(['title']);
  });
});

describe('RecordPool: which records hold a word, and in which parts', () => {
  it('keeps, per word, each record by URL with the mask of the parts that hold it', () => {
    const pool = new RecordPool();
    pool.add({ url: 'http://127.0.0.1/match/1', title: 'Late goal sinks United', text: 'United lost to a late goal.', attributes: { sport: 'football' } });
    pool.add({ url: 'http://127.0.0.1/match/2', title: 'Keeper saves penalty', text: 'The goal stayed empty.', attributes: {} });
    pool.add({ title: 'No address', text: 'A goal without a URL is counted but not held.', attributes: {} });
    expect([...pool.recordsHolding('goal')]).toEqual([
      ['http://127.0.0.1/match/1', RECORD_PARTS.title | RECORD_PARTS.text],
      ['http://127.0.0.1/match/2', RECORD_PARTS.text],
    ]);
    expect([...pool.recordsHolding('Football')]).toEqual([['http://127.0.0.1/match/1', RECORD_PARTS.attributes]]);
    expect(pool.recordsHolding('tennis').size).toBe(0);
    expect(pool.keywords.documents).toBe(3);
  });

  it('counts function words in a pool of their own, with their holders', () => {
    const pool = new RecordPool();
    pool.add({ url: 'http://127.0.0.1/match/1', title: 'The late goal', text: 'United lost to a goal.', attributes: {} });
    pool.add({ url: 'http://127.0.0.1/match/2', title: 'Keeper saves penalty', text: 'The goal of the season.', attributes: {} });
    expect(pool.keywords.stats('the')).toBeUndefined();
    expect(pool.functionWords.stats('the')).toMatchObject({ df: 2, tf: 3 });
    expect(pool.functionWords.stats('of')?.df).toBe(1);
    expect(pool.functionWords.stats('goal')).toBeUndefined();
    expect(pool.wordStats('the')?.df).toBe(2);
    expect(pool.wordStats('goal')?.df).toBe(2);
    expect([...pool.recordsHolding('the')]).toEqual([
      ['http://127.0.0.1/match/1', RECORD_PARTS.title],
      ['http://127.0.0.1/match/2', RECORD_PARTS.text],
    ]);
  });

  it('counts a record again without its template lines once the template is known', () => {
    const pool = new RecordPool();
    for (let i = 0; i < JUDGE_FROM; i++) pool.add({ ...page(i), url: `http://127.0.0.1/match/${i}` });
    // "Tennis" is a menu word on every page: template, so no record holds it once judged.
    expect(pool.recordsHolding('tennis').size).toBe(0);
    expect(pool.recordsHolding('penalty').get('http://127.0.0.1/match/3')).toBe(RECORD_PARTS.title | RECORD_PARTS.text);
  });
});
