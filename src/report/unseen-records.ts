/** The report's `unseenRecords`: per site host, Chao1 over the run's result lists (see types.ts). */
import { chao1Unseen, ListingTally } from '../coordinator/unseen-records.ts';
import { urlKey } from './coverage.ts';
import type { RunQuery, UnseenRecordsEstimate } from './types.ts';

export function unseenRecordsByHost(queries: readonly RunQuery[]): Record<string, UnseenRecordsEstimate> {
  const tallies = new Map<string, ListingTally>();
  for (const q of queries) {
    for (const link of q.recordLinks ?? []) {
      const url = urlKey(link);
      if (!url) continue;
      const host = new URL(url).host;
      let tally = tallies.get(host);
      if (!tally) tallies.set(host, (tally = new ListingTally()));
      tally.add(url);
    }
  }
  const out: Record<string, UnseenRecordsEstimate> = {};
  for (const [host, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
    const estimatedUnseen = chao1Unseen(t);
    out[host] = { listed: t.distinct, listedOnce: t.once, listedTwice: t.twice, estimatedUnseen, estimatedCoverage: t.distinct / (t.distinct + estimatedUnseen) };
  }
  return out;
}
