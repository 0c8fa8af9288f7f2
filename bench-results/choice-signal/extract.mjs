// Every query decision of crawls run with `crawl --trace-choices`, with what each offered
// query would have brought: the testbed's own engine answers it (ground truth, as the oracle
// reads it), less the records the crawl already knew when it chose (listed by its earlier
// queries or harvested). One JSON line per decision.
//
//   node --import tsx bench-results/choice-signal/extract.mjs RUN_DIR... > decisions.jsonl
//
// Check printed to stderr: for the query the crawl took, the counterfactual gain against the
// new records the crawl counted (they differ where a query read fewer than all its result
// pages, or a record was listed elsewhere before its query's answer came back).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groundTruth, searchIndex } from '../../src/testbed/truth.ts';
import { canonicalUrl } from '../../src/url/canonical.ts';

function rows(file) {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

function extract(dir) {
  const trace = rows(join(dir, 'trace.jsonl'));
  const start = trace.find((r) => r.action === 'run-start').input;
  const { domain, scale, seed } = { domain: start.options.domain, scale: start.options.scale, seed: start.options.testbedSeed ?? start.options.seed };
  const origin = start.config.origins[0];
  const truth = groundTruth({ domain, scale, seed, origin });
  const index = searchIndex({ domain, scale, seed });
  const idOf = new Map(truth.records.map((r) => [r.url, r.id]));
  const formOf = new Map(truth.forms.map((f) => [`${f.pageUrl}#form${f.index}`, f.formId]));
  const links = new Map(rows(join(dir, 'queries.jsonl')).map((q) => [q.key, q.recordLinks ?? []]));
  const known = new Set();
  const know = (url) => {
    const id = idOf.get(canonicalUrl(url));
    if (id !== undefined) known.add(id);
  };
  const out = [];
  let open; // the decision whose claim has not come yet
  const checks = [];
  for (const r of trace) {
    if (r.action === 'record') know(r.input.url);
    else if (r.action === 'query-result') {
      for (const u of links.get(r.input.queryKey) ?? []) know(u);
      const d = out.find((x) => x.queryKey === r.input.queryKey);
      if (d) {
        d.counted = r.outcome?.newRecords ?? null;
        checks.push([d.candidates[d.chosen]?.gain, d.counted]);
      }
    } else if (r.action === 'next-query' && r.outcome?.offered) {
      const formKey = r.input.formKey;
      const formId = formOf.get(canonicalUrl(formKey.slice(0, formKey.lastIndexOf('#form'))) + formKey.slice(formKey.lastIndexOf('#form')));
      if (!formId) throw new Error(`${dir}: no truth form for ${formKey}`);
      const candidates = r.outcome.offered.map((o) => {
        if (o.key === 'stop') return { ...o, stop: true, gain: 0, hits: 0 };
        const values = Object.fromEntries(JSON.parse(o.key));
        const hits = index.run(formId, values);
        return { ...o, hits: hits.length, gain: hits.filter((id) => !known.has(id)).length };
      });
      open = { site: `${domain}@${seed}`, domain, seed, seq: r.seq, episode: r.episode, formKey, known: known.size, records: truth.records.length, context: r.outcome.context, candidates };
    } else if (r.action === 'claim-query' && open && r.episode === open.episode) {
      const key = r.input.queryKey;
      const values = key.slice(key.indexOf('|') + 1);
      const chosen = open.candidates.findIndex((c) => (key.endsWith('stop') && c.stop) || c.key === values);
      if (r.outcome?.query || open.candidates[chosen]?.stop) {
        out.push({ ...open, chosen, queryKey: key });
        open = undefined;
      }
    }
  }
  return { decisions: out, checks };
}

let same = 0;
let all = 0;
let diff = 0;
for (const dir of process.argv.slice(2)) {
  const { decisions, checks } = extract(dir);
  for (const d of decisions) process.stdout.write(`${JSON.stringify(d)}\n`);
  for (const [g, c] of checks) {
    all++;
    if (g === c) same++;
    diff += Math.abs((g ?? 0) - (c ?? 0));
  }
  process.stderr.write(`${dir}: ${decisions.length} decisions\n`);
}
process.stderr.write(`taken queries: counterfactual gain equals the crawl's count on ${same} of ${all} (mean |difference| ${(diff / Math.max(1, all)).toFixed(2)})\n`);
