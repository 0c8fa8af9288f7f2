const { siteModel } = await import('../../src/testbed/model.ts');
const { TESTBED_DOMAINS } = await import('../../src/testbed/index.ts');
const { fullText } = await import('../../src/testbed/search.ts');
const { analyse } = await import('../../src/lvs/nlp.ts');
for (const d of TESTBED_DOMAINS) {
  const m = siteModel(d, 'small', 1);
  const respelled = new Map();
  let recs = 0;
  for (const r of m.records) {
    let hit = false;
    for (const t of analyse(fullText(r))) {
      if (t.type !== 'word' || t.stop) continue;
      const text = t.text.toLowerCase();
      if (text !== t.normal && /^\p{L}+$/u.test(text) && text.length >= 3) { respelled.set(text, (respelled.get(text) ?? 0) + 1); hit = true; }
    }
    if (hit) recs++;
  }
  console.log(d, m.records.length, 'records with a respelled word:', recs, [...respelled].sort((a,b)=>b[1]-a[1]).slice(0,8).map(([w,n])=>`${w}:${n}`).join(' '));
}
