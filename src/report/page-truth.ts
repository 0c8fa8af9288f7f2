/**
 * The ground-truth kind of a page the crawler fetched, by its canonical URL (in-place
 * result views are keyed `…?surfacer-result=<query>|<page>` by the agent); when the
 * requested URL is not deep but the page it landed on is (a redirect, a POST search whose
 * answer sits at the form's action URL), the landing page's kind counts.
 */
import { urlKey } from './coverage.ts';
import type { RunPage, TruthPageKind, TruthView } from './types.ts';

export const isDeepKind = (k: string): boolean => k === 'result' || k === 'record';

export function truthKindOfPage(truth: TruthView, page: Pick<RunPage, 'url' | 'finalUrl'>): TruthPageKind {
  const requested = urlKey(page.url);
  const kind: TruthPageKind = requested ? truth.classify(requested) : 'other';
  if (isDeepKind(kind)) return kind;
  const landed = urlKey(page.finalUrl);
  if (landed && landed !== requested) {
    const landedKind = truth.classify(landed);
    if (isDeepKind(landedKind)) return landedKind;
  }
  return kind;
}
