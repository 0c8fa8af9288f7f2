// Empty answers ("no results") of crawls kept by `bench strategies --keep-runs`: how many among
// the first N queries (N=25 by default), and for each empty one-word query how many of the
// records the crawl ended with hold the word in their title, text and attributes (a query whose
// word no record holds is one the search-field model cannot learn from).
// Usage: N=25 node empty-answers.cjs RUN_DIR …   (each RUN_DIR holds queries.jsonl and records.jsonl)
const fs = require('fs');
const N = Number(process.env.N ?? 25);
const jsonl = (f) => fs.readFileSync(f, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const words = (s) => new Set(String(s ?? '').toLowerCase().split(/[^a-z0-9]+/));
for (const dir of process.argv.slice(2)) {
  const queries = jsonl(`${dir}/queries.jsonl`);
  const records = jsonl(`${dir}/records.jsonl`);
  const empty = queries.map((q, i) => ({ q, i })).filter(({ q }) => q.failed && q.error === undefined);
  const detail = empty.map(({ q, i }) => {
    const terms = q.terms ?? [];
    if (terms.length !== 1) return `${i + 1}:${terms.join(' ')}`;
    const [w] = terms;
    const count = (part) => records.filter((r) => words(part(r)).has(w)).length;
    return `${i + 1}:${w} (title ${count((r) => r.title)}, text ${count((r) => r.text)}, attributes ${count((r) => Object.values(r.attributes ?? {}).join(' '))})`;
  });
  console.log(`${dir}: ${empty.filter(({ i }) => i < N).length} empty of the first ${N} queries, ${empty.length} of ${queries.length}`);
  console.log(`  ${detail.join('; ')}`);
}
