import { describe, expect, it } from 'vitest';
import { huntScores, unseenProofs } from '../../src/coordinator/proven-unseen.ts';

describe('records proven unseen by stated totals', () => {
  // Home at seed 18 (bench-results/replication-seeds11-20/): "major" stated 235 matches, 234 held.
  const held: Record<string, number> = { the: 294, major: 234, homemade: 157, long: 117 };
  const heldMatches = (terms: readonly string[]) => held[terms.join(' ')] ?? 0;

  it('proves T less the held matches where T is no cap, and nothing where the held records account for it', () => {
    const totals = [
      { terms: ['the'], reportedTotal: 294 },
      { terms: ['major'], reportedTotal: 235 },
      { terms: ['homemade'], reportedTotal: 157 },
    ];
    expect(unseenProofs(totals, heldMatches)).toEqual([{ terms: ['major'], unseen: 1 }]);
    // A query whose held matches are counted high (a form that may not search every part) proves less.
    expect(unseenProofs(totals, (t) => heldMatches(t) + 0.5)).toEqual([]);
  });

  it('the largest total may be the cap on what one query lists: it proves nothing, however few are held', () => {
    const totals = [
      { terms: ['the'], reportedTotal: 300 },
      { terms: ['major'], reportedTotal: 300 },
      { terms: ['long'], reportedTotal: 120 },
    ];
    // 300 is stated twice: neither is below another's, so either may be the cap; "long" is below it.
    expect(unseenProofs(totals, heldMatches)).toEqual([{ terms: ['long'], unseen: 3 }]);
    // One answer alone: nothing to tell its total from a cap.
    expect(unseenProofs([{ terms: ['major'], reportedTotal: 235 }], heldMatches)).toEqual([]);
  });

  it("hunts where the proof's holders also hold the candidate's words, a capped list by the share it shows", () => {
    const holdersOf: Record<string, string[]> = {
      major: ['r1', 'r2', 'r3', 'r4'],
      lawn: ['r1', 'r2', 'r3', 'r9'],
      shelf: ['r1'],
      welcome: [],
      drill: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'],
    };
    const holders = (t: string) => new Map((holdersOf[t] ?? []).map((u) => [u, 1]));
    const candidates = [
      { key: 'lawn', terms: ['lawn'] },
      { key: 'shelf', terms: ['shelf'] },
      { key: 'welcome', terms: ['welcome'] },
      { key: 'drill', terms: ['drill'] },
      { key: 'major lawn', terms: ['major', 'lawn'] },
      { key: 'filtered', terms: null },
    ];
    const scores = huntScores(candidates, [{ terms: ['major'], unseen: 2 }], holders, 4);
    // 3 of major's 4 holders hold "lawn": 2 × 3/4. "shelf" 1 of 4. No record holds "welcome".
    expect(scores.get('lawn')).toBeCloseTo(1.5, 12);
    expect(scores.get('shelf')).toBeCloseTo(0.5, 12);
    expect(scores.get('welcome')).toBe(0);
    // "drill" holds all four, but its list (8 held) is cut at 4: half of it shows.
    expect(scores.get('drill')).toBeCloseTo(1, 12);
    expect(scores.get('major lawn')).toBeCloseTo(1.5, 12);
    expect(scores.get('filtered')).toBe(0);
    // No proof: nothing to hunt.
    expect([...huntScores(candidates, [], holders, 4).values()].every((v) => v === 0)).toBe(true);
  });

  it('takes the best proof for each candidate, a smaller proof where it says more', () => {
    const holdersOf: Record<string, string[]> = { the: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10'], major: ['r1', 'r2'], lawn: ['r1', 'r2'], shelf: ['r3', 'r4', 'r5', 'r6', 'r7', 'r8'] };
    const holders = (t: string) => new Map((holdersOf[t] ?? []).map((u) => [u, 1]));
    const proofs = [{ terms: ['major'], unseen: 3 }, { terms: ['the'], unseen: 10 }];
    const scores = huntScores([{ key: 'lawn', terms: ['lawn'] }, { key: 'shelf', terms: ['shelf'] }], proofs, holders, 100);
    // "lawn": 10 × 2/10 = 2 by "the", 3 × 2/2 = 3 by "major" (the smaller proof says more).
    expect(scores.get('lawn')).toBeCloseTo(3, 12);
    // "shelf": 10 × 6/10 = 6 by "the"; "major" (3 at most) cannot beat it.
    expect(scores.get('shelf')).toBeCloseTo(6, 12);
  });
});
