import { describe, expect, it } from 'vitest';
import { ListedTitles } from '../../src/coordinator/listed-titles.ts';

describe('listed titles', () => {
  it('counts each listed record once, by its first title, and skips links without a URL or a title', () => {
    const titles = new ListedTitles();
    titles.add(['http://127.0.0.1/r/1', 'http://127.0.0.1/r/2', null, 'http://127.0.0.1/r/3'], ['Record-breaking match at Belnorhol', 'Unbeaten run ends', 'Lost link', '  ']);
    titles.add(['http://127.0.0.1/r/1'], ['Unbeaten side wins the match']);
    expect(titles.documents).toBe(2);
    expect(titles.documentFrequency('match')).toBe(1);
    expect(titles.documentFrequency('unbeaten')).toBe(1);
    // A hyphenated title word counts as its parts, as the record pool counts it.
    expect(titles.documentFrequency('breaking')).toBe(1);
    // A phrase counts as its rarest word (as the record corpus counts one); no word, nothing.
    expect(titles.documentFrequency('unbeaten match')).toBe(1);
    expect(titles.documentFrequency('unbeaten derby')).toBe(0);
    expect(titles.documentFrequency('Run Ends')).toBe(1);
    expect(titles.documentFrequency('!')).toBe(0);
  });

  it('survives a save and a resume, and refuses what it did not write', () => {
    const titles = new ListedTitles();
    titles.add(['http://127.0.0.1/r/1', 'http://127.0.0.1/r/2'], ['Decisive fixture', 'Late fixture drama']);
    const back = ListedTitles.fromJSON(JSON.parse(JSON.stringify(titles.toJSON())));
    expect(back.documents).toBe(2);
    expect(back.documentFrequency('fixture')).toBe(2);
    expect(() => ListedTitles.fromJSON({ titles: [] })).toThrow(/listed titles/);
  });
});
