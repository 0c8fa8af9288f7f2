/** The report's `unseenRecords`: per site origin, Chao1 over the run's result lists (see types.ts). */
import { chao1Unseen, SiteListings } from '../coordinator/unseen-records.ts';
import type { RunQuery, UnseenRecordsEstimate } from './types.ts';

export function unseenRecordsBySite(queries: readonly RunQuery[]): Record<string, UnseenRecordsEstimate> {
  // By origin, so that comparing runs (diff) names the same site on another port the same.
  const listings = new SiteListings((url) => url.origin);
  for (const q of queries) listings.add(q.recordLinks ?? []);
  const out: Record<string, UnseenRecordsEstimate> = {};
  for (const [origin, t] of listings.sorted()) {
    const estimatedUnseen = chao1Unseen(t);
    out[origin] = { listed: t.distinct, listedOnce: t.once, listedTwice: t.twice, estimatedUnseen, estimatedCoverage: t.distinct / (t.distinct + estimatedUnseen) };
  }
  return out;
}
