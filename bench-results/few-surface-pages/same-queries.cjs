// Whether two crawls of the same site asked the same queries in the same order and found the
// same records after each: node same-queries.cjs <report.json> <report.json>. Prints "same" or
// the first query where they part, and exits 0 only when they are the same.
const fs = require('node:fs');
const steps = (file) => JSON.parse(fs.readFileSync(file, 'utf8')).coverageByQuery.map((q) => `${q.key.slice(q.key.indexOf('|') + 1)} → ${q.records}`);
const [a, b] = process.argv.slice(2).map(steps);
const n = Math.max(a.length, b.length);
for (let i = 0; i < n; i++) {
  if (a[i] !== b[i]) {
    console.log(`query ${i + 1}: ${a[i] ?? '(none)'} | ${b[i] ?? '(none)'}`);
    process.exit(1);
  }
}
console.log(`same (${a.length} queries)`);
