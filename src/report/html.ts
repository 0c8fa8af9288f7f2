/**
 * `report.html`: one self-contained page with the paper's figures as inline SVG (searchable
 * forms vs depth, deep fraction vs depth, ROC, precision–recall, coverage vs queries,
 * harvest rate vs depth) and the totals. No script, stylesheet, font or image is loaded from
 * anywhere: every URL in the page is plain text.
 */
import { barChart, escapeXml, lineChart } from './svg-chart.ts';
import type { Report } from './types.ts';

const num = (v: number | null | undefined, digits = 3): string => (v === null || v === undefined ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(digits));

function table(headers: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const head = headers.map((h) => `<th>${escapeXml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${escapeXml(typeof c === 'number' ? num(c) : (c ?? '—'))}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function figure(id: string, caption: string, svg: string, details?: string): string {
  const data = details ? `<details><summary>data</summary>${details}</details>` : '';
  return `<figure id="${id}">${svg}<figcaption>${escapeXml(caption)}</figcaption>${data}</figure>`;
}

const byType = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ') || '—';

function totalsTable(r: Report): string {
  const t = r.totals;
  const rows: [string, string | number | null | undefined][] = [
    ['domain', r.domain],
    ['strategy', r.strategy],
    ['seeds', r.seeds.join(' ')],
    ['ground truth', r.groundTruth ? `${r.groundTruth.domain} (${r.groundTruth.scale ?? '?'}, seed ${r.groundTruth.seed ?? '?'}): ${r.groundTruth.records} hidden records, ${r.groundTruth.surfacePages} surface pages, ${r.groundTruth.searchForms} search forms` : 'none (not a testbed site)'],
    ['pages fetched', t.pagesFetched],
    ['surface / result / record pages (crawler labels)', `${t.surfacePages} / ${t.resultPages} / ${t.recordPages}`],
    ['records harvested', t.recordsHarvested],
    ['queries issued (failed)', `${t.queriesIssued} (${t.queriesFailed})`],
    ['forms found', byType(t.formsFound)],
    ['forms submitted', byType(t.formsSubmitted)],
    ['forms skipped', byType(t.formsSkipped)],
    ['errors', t.errors],
    ['wall time (s)', r.timing.wallSeconds],
    ['pages / s', r.timing.pagesPerSecond],
  ];
  if (r.groundTruth) {
    rows.push(
      ['coverage of hidden records', r.coverage],
      ['hidden records harvested', r.hiddenRecordsHarvested],
      ['queries to 90% / 99% coverage', `${num(r.queriesTo90)} / ${num(r.queriesTo99)}`],
      ['ROC AUC (deep-page score)', r.roc?.auc],
      ['average precision (deep-page score)', r.precisionRecall?.averagePrecision],
      ['deep-page kind: precision / recall / F1', `${num(r.kindAsDeepDetector?.precision)} / ${num(r.kindAsDeepDetector?.recall)} / ${num(r.kindAsDeepDetector?.f1)}`],
      ['deep / surface / trap / other pages (truth)', `${r.deepVsSurface?.deepPages} / ${r.deepVsSurface?.surfacePages} / ${r.deepVsSurface?.trapPages} / ${r.deepVsSurface?.otherPages}`],
      ['deep fraction of pages retrieved', r.deepVsSurface?.deepFraction],
      ['surface coverage', r.deepVsSurface?.surfaceCoverage],
    );
  }
  return `<table class="totals"><tbody>${rows.map(([k, v]) => `<tr><th>${escapeXml(k)}</th><td>${escapeXml(typeof v === 'number' ? num(v) : (v ?? '—'))}</td></tr>`).join('\n')}</tbody></table>`;
}

function confusionTable(r: Report): string {
  if (!r.kindConfusion) return '';
  const truthKinds = ['surface', 'result', 'record', 'trap', 'other'];
  const rows = Object.entries(r.kindConfusion).map(([kind, row]) => [kind, ...truthKinds.map((k) => row[k] ?? 0)]);
  return `<h2>Crawler label vs truth</h2>${table(['crawler \\ truth', ...truthKinds], rows)}`;
}

export function renderReportHtml(r: Report): string {
  const depths = (rows: readonly { depth: number }[]) => rows.map((x) => String(x.depth));
  const forms = r.searchableFormsByDepth;
  const formsSvg = barChart({
    title: 'Searchable forms found vs depth',
    xLabel: 'link depth',
    yLabel: 'search forms',
    categories: depths(forms),
    series: [{ name: 'found', values: forms.map((f) => f.found) }, ...(r.groundTruth ? [{ name: 'in ground truth', values: forms.map((f) => f.truth) }] : []), { name: 'classified search', values: forms.map((f) => f.classifiedSearch) }],
  });
  const deep = r.deepFractionByDepth;
  const deepSvg = barChart({ title: 'Fraction of deep pages vs depth', xLabel: 'link depth', yLabel: 'deep pages / pages', categories: depths(deep), series: [{ name: r.groundTruth ? 'deep (truth)' : 'deep (crawler label)', values: deep.map((d) => d.fraction) }], yMax: 1 });
  const roc = r.roc;
  const rocSvg = lineChart({ title: `ROC of deep-page identification${roc?.auc != null ? ` (AUC ${roc.auc.toFixed(3)})` : ''}`, xLabel: 'false positive rate', yLabel: 'true positive rate', series: roc ? [{ name: 'crawler score', points: roc.points.map((p) => [p.fpr, p.tpr] as const) }] : [], xMax: 1, yMax: 1, diagonal: true });
  const pr = r.precisionRecall;
  const prSvg = lineChart({ title: `Precision–recall of deep pages${pr?.averagePrecision != null ? ` (AP ${pr.averagePrecision.toFixed(3)})` : ''}`, xLabel: 'recall', yLabel: 'precision', series: pr ? [{ name: 'crawler score', points: pr.points.map((p) => [p.recall, p.precision] as const), step: true }] : [], xMax: 1, yMax: 1 });
  const coverageSvg = r.coverageByQuery
    ? lineChart({ title: 'Coverage of hidden records vs queries', xLabel: 'queries issued', yLabel: 'coverage', series: [{ name: 'coverage', points: [[0, 0] as const, ...r.coverageByQuery.map((p) => [p.query, p.coverage] as const)] }], yMax: 1 })
    : lineChart({ title: 'Records vs queries', xLabel: 'queries issued', yLabel: 'records', series: [{ name: 'records', points: [[0, 0] as const, ...(r.recordsByQuery ?? []).map((p) => [p.query, p.records] as const)] }] });
  const harvest = r.harvestRateByDepth;
  const harvestSvg = barChart({ title: 'Average harvest ratio vs depth', xLabel: 'link depth', yLabel: 'records / pages', categories: depths(harvest), series: [{ name: 'harvest ratio', values: harvest.map((h) => h.harvestRate) }] });
  const noTruth = r.groundTruth ? '' : ' (needs ground truth: not a testbed run)';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Surfacer report — ${escapeXml(r.domain ?? 'run')} / ${escapeXml(r.strategy ?? '')}</title>
<style>
body { font-family: sans-serif; margin: 2em; color: #222; }
figure { display: inline-block; vertical-align: top; margin: 0 1.5em 1.5em 0; }
figcaption { font-size: 0.9em; color: #555; max-width: 520px; }
table { border-collapse: collapse; font-size: 0.9em; margin-bottom: 1em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
table.totals th { background: #f4f4f4; }
</style>
</head>
<body>
<h1>Surfacer report: ${escapeXml(r.domain ?? 'run')} (${escapeXml(r.strategy ?? 'unknown strategy')})</h1>
<p>Generated ${escapeXml(r.generatedAt)}.</p>
<h2>Totals</h2>
${totalsTable(r)}
<h2>Figures</h2>
${figure('forms-by-depth', 'Search forms the crawler found at each link depth (with ground truth: true search forms it classified as search), next to those in the ground truth.', formsSvg, table(['depth', 'found', 'classified search', 'truth', 'cumulative fraction'], forms.map((f) => [f.depth, f.found, f.classifiedSearch, f.truth, f.cumulativeFraction])))}
${figure('deep-fraction-by-depth', 'Fraction of the pages fetched at each depth that are result or record pages.', deepSvg, table(['depth', 'pages', 'deep pages', 'fraction'], deep.map((d) => [d.depth, d.pages, d.deepPages, d.fraction])))}
${figure('roc', `ROC of the crawler's deep-page score against the truth label${noTruth}.`, rocSvg)}
${figure('precision-recall', `Precision–recall of the crawler's deep-page score${noTruth}.`, prSvg)}
${figure('coverage-by-query', r.coverageByQuery ? `Fraction of the hidden records reached after each query (90%: ${num(r.queriesTo90)} queries, 99%: ${num(r.queriesTo99)}).` : 'Records reached after each query.', coverageSvg)}
${figure('harvest-rate-by-depth', 'Records whose detail page sat at each depth over the pages fetched at that depth.', harvestSvg, table(['depth', 'pages', 'records', 'harvest ratio'], harvest.map((h) => [h.depth, h.pages, h.records, h.harvestRate])))}
${confusionTable(r)}
</body>
</html>
`;
}
