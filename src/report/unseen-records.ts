/** The report's `unseenRecords`: per site origin, Chao1 over the run's result lists (see types.ts). */
import { chao1Unseen, ListingTally } from '../coordinator/unseen-records.ts';
import { urlKey } from './coverage.ts';
import type { RunQuery, UnseenRecordsEstimate } from './types.ts';

export function unseenRecordsBySite(queries: readonly RunQuery[]): Record<string, UnseenRecordsEstimate> {
  const tallies = new Map<string, ListingTally>();
  for (const q of queries) {
    for (const link of q.recordLinks ?? []) {
      const url = urlKey(link);
      if (!url) continue;
      // By origin, so that comparing runs (diff) names the same site on another port the same.
      const origin = new URL(url).origin;
      let tally = tallies.get(origin);
      if (!tally) tallies.set(origin, (tally = new ListingTally()));
      tally.add(url);
    }
  }
  const out: Record<string, UnseenRecordsEstimate> = {};
  for (const [origin, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const estimatedUnseen = chao1Unseen(t);
    out[origin] = { listed: t.distinct, listedOnce: t.once, listedTwice: t.twice, estimatedUnseen, estimatedCoverage: t.distinct / (t.distinct + estimatedUnseen) };
  }
  return out;
}
