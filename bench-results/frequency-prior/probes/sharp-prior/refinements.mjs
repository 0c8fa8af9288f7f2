// On a select form whose required field the planner fixes (recreation: activity = "hiking"), the other
// field's options become refinements of that one query ("hiking & 2023" lists a subset of "hiking").
// For each crawl: how many refinements were issued before their parent single-field query, and how many after.
// usage, from the repository root:
//   node <this file> LABEL=PATTERN …   (PATTERN names a crawl's report.json, {s} for the testbed seed 1..5)
import { existsSync, readFileSync } from 'node:fs';

const sets = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf('=');
  if (at < 1) throw new Error('usage: refinements.mjs LABEL=PATTERN …');
  return { label: arg.slice(0, at), pattern: arg.slice(at + 1) };
});
if (!sets.length) throw new Error('usage: refinements.mjs LABEL=PATTERN …');

for (const { label, pattern } of sets) {
  const perSeed = [];
  for (let seed = 1; seed <= 5; seed++) {
    const file = pattern.replaceAll('{s}', String(seed));
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const issued = [];
    let before = 0;
    let after = 0;
    for (const q of report.coverageByQuery) {
      // The key is "<form>|<JSON of [field, value] pairs>"; empty values are fields left blank.
      const values = JSON.parse(q.key.slice(q.key.indexOf('|') + 1)).filter(([, v]) => v);
      if (values.length > 1) {
        const parentIssued = issued.some((p) => p.length === 1 && values.some(([f, v]) => f === p[0][0] && v === p[0][1]));
        if (parentIssued) after++;
        else before++;
      }
      issued.push(values);
    }
    perSeed.push(`seed ${seed}: ${before} / ${after}`);
  }
  console.log(`${label}: refinements before / after their parent — ${perSeed.join(', ')}`);
}
