/**
 * Which waiting episodes go to the agents first (`crawl --records-first`). Record episodes (open
 * one record a result list named) may go ahead of the pages queued before them: records are the
 * harvest, so a crawl cut short by its page budget or clock holds more of them, and they are
 * the query strategies' evidence of what the form searches. In schedule order (the default) a
 * site with a hundred surface articles queued ahead keeps every record waiting while its harvest
 * episode chooses its first queries: on the sports test site 13 and 14 records were open after
 * 100 pages (the first eight queries of a full crawl were chosen from none); records first, 46 and 49.
 * It is not the default: `train` trains in schedule order, and with records
 * first its early picks on sports include record names ("vevikka") that the yield model
 * cannot tell from headline words while each is in one record (bench-results/records-first/).
 */
import type { EpisodeAssignment } from './messages.ts';

/** Whether `a` goes ahead of the episodes already waiting. */
export function goesFirst(a: Pick<EpisodeAssignment, 'kind'>, recordsFirst: boolean): boolean {
  return recordsFirst && a.kind === 'record';
}

/**
 * A waiting line in schedule order, except that items `first` picks (record episodes, by
 * `goesFirst`) pass every one it does not; among themselves they keep their order. The crawl's
 * waiting line (deterministic schedule, records first) and each of the host bandit's lines.
 */
export class EpisodeLine<T> {
  private readonly first: T[] = [];
  private readonly rest: T[] = [];

  constructor(private readonly goesFirst: (item: T) => boolean = () => false) {}

  get length(): number {
    return this.first.length + this.rest.length;
  }

  push(item: T): void {
    (this.goesFirst(item) ? this.first : this.rest).push(item);
  }

  shift(): T | undefined {
    return this.first.shift() ?? this.rest.shift();
  }
}
