import { sampleFrequency, type DocumentSample, type QueryCandidate, type QueryStrategy, type StrategyContext } from './types.ts';

/**
 * Ntoulas et al.'s `generic-frequency` baseline: issue the most frequent words of a generic
 * corpus first. Our generic corpus is the domain's LVS table (its weights say how common a
 * value is in the domain) blended with document frequency in everything harvested so far,
 * which is not specific to the site's unseen part — that is what `adaptive` adds.
 */
export class GenericFrequencyStrategy implements QueryStrategy {
  readonly name = 'generic-frequency';

  choose(candidates: readonly QueryCandidate[], ctx: StrategyContext): QueryCandidate | null {
    let best: QueryCandidate | null = null;
    let bestScore = -Infinity;
    for (const c of candidates) {
      const s = frequencyScore(c, ctx);
      if (s > bestScore) {
        best = c;
        bestScore = s;
      }
    }
    return best;
  }

  observe(): void {
    // Frequency order is fixed by the corpus, not by outcomes.
  }

  toJSON(): unknown {
    return {};
  }
}

/** Relative document frequency of the candidate's rarest term in the harvested records, with the LVS prior as a floor. */
export function frequencyScore(c: QueryCandidate, ctx: StrategyContext): number {
  return frequencyIn(c, ctx.corpus);
}

/** The same score in any sample of documents (the learned strategy's prior also reads listed titles). */
export function frequencyIn(c: QueryCandidate, sample: DocumentSample): number {
  const n = Math.max(1, sample.documents);
  // The prior orders values before any record is harvested and breaks ties afterwards.
  return sampleFrequency(c, sample) / n + 0.01 * (c.prior ?? 0);
}
