// Replays kept crawls' queries.jsonl under a stop rule, assuming the policy takes "stop" as soon as it is offered:
//   stop after K (12) dry queries while Chao1's unseen share <= 1 % (the rule before stop 33), or
//   after k dry queries once Chao1 expects fewer than u records unseen (stop 33: k = 8, u = 1).
// Prints the result pages and record fetches the queries after that point cost, and the records they found (lost).
// usage: node simulate.cjs <k> <u> <crawl dir>...   (each dir holds queries.jsonl)
const fs = require('fs');
const [k, u] = process.argv.slice(2, 4).map(Number);
const K = 12, T = 0.01;
const total = { crawls: 0, savedPages: 0, lostRecords: 0, crawlsLosing: [] };
for (const dir of process.argv.slice(4)) {
  let q;
  try { q = fs.readFileSync(dir + '/queries.jsonl', 'utf8').trim().split('\n').filter(Boolean).map(JSON.parse); } catch { continue; }
  const counts = new Map(); let once = 0, twice = 0;
  const add = (v) => { const n = (counts.get(v) ?? 0) + 1; counts.set(v, n); if (n === 1) once++; else if (n === 2) { once--; twice++; } else if (n === 3) twice--; };
  let streak = 0, stopAt = -1;
  for (let i = 0; i < q.length; i++) {
    const x = q[i];
    for (const v of [...x.recordLinks, ...(x.skippedRest ?? [])]) add(v); // skipped rests count as listed, as in the coordinator
    streak = x.newRecords > 0 ? 0 : streak + 1;
    const unseen = (once * Math.max(0, once - 1)) / (2 * (twice + 1));
    const share = counts.size ? unseen / counts.size : 0;
    if ((streak >= K && share <= T) || (streak >= k && counts.size > 0 && unseen < u)) { stopAt = i; break; }
  }
  let saved = 0, lost = 0;
  if (stopAt >= 0) for (const x of q.slice(stopAt + 1)) { saved += x.resultPages + x.newRecords; lost += x.newRecords; }
  total.crawls++; total.savedPages += saved; total.lostRecords += lost;
  if (lost) total.crawlsLosing.push(`${dir}: ${lost}`);
  if (process.env.VERBOSE) console.log(dir, `stop after query ${stopAt + 1} of ${q.length}: ${saved} pages saved, ${lost} records lost`);
}
console.log(JSON.stringify({ k, u, ...total }));
