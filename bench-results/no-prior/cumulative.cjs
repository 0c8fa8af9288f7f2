// node cumulative.cjs <train.json>... : training episodes each training needed for its cumulative reward to reach 25, 50, 75, 100, 125
const fs = require('fs');
const targets = [25, 50, 75, 100, 125];
console.log(`| training | episodes | total reward | ${targets.map((t) => `Σ reward ≥ ${t} at`).join(' | ')} |`);
console.log(`| --- | ---: | ---: | ${targets.map(() => '---:').join(' | ')} |`);
for (const file of process.argv.slice(2)) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  let sum = 0;
  const at = targets.map(() => '—');
  r.curve.forEach((c, i) => {
    sum += c.reward;
    targets.forEach((t, k) => { if (at[k] === '—' && sum >= t) at[k] = String(i + 1); });
  });
  console.log(`| ${file} | ${r.curve.length} | ${sum.toFixed(1)} | ${at.join(' | ')} |`);
}
