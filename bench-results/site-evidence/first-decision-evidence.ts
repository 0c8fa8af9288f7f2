// At each site's first query decision (nothing harvested yet), the offered table values split by how many of the
// site's surface pages (every page of the testbed site but traps and private pages) show every word of them, next to
// the other sources: what each would have brought (the counterfactual gains of ../choice-signal/, the testbed engine's
// own answer, 35 sites). Run from the repository root: node --import tsx bench-results/site-evidence/first-decision-evidence.ts
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { siteModel } from '../../src/testbed/model.ts';
const SOURCES = ['lvs', 'pool', 'title', 'surface', 'options', 'default'];
const rows = new Map<string, { n: number; gain: number; empty: number }>();
const add = (k: string, gain: number) => { const r = rows.get(k) ?? { n: 0, gain: 0, empty: 0 }; r.n++; r.gain += gain; if (gain === 0) r.empty++; rows.set(k, r); };
for (const seed of [1, 2, 3, 11, 12]) {
  const seen = new Set<string>();
  const lines = gunzipSync(readFileSync(`bench-results/choice-signal/decisions-seed${seed}.jsonl.gz`)).toString('utf8').trim().split('\n');
  for (const line of lines) {
    const d = JSON.parse(line);
    if (seen.has(d.site)) continue;
    seen.add(d.site);
    const m = siteModel(d.domain, 'small', seed);
    const texts = [...m.surface.pages.values()].filter((p) => p.kind !== 'trap' && p.kind !== 'private').map((p) => [p.title, ...p.paragraphs, ...p.links.map((l) => l.text)].join(' ').toLowerCase());
    for (const c of d.candidates.filter((x: any) => !x.stop)) {
      const source = SOURCES[c.features.slice(11, 17).indexOf(1)] ?? 'unknown';
      const value: string = JSON.parse(c.key.split('|').slice(1).join('|') || c.key).map((p: string[]) => p[1]).join(' ');
      if (source !== 'lvs') { add(source, c.gain); continue; }
      const re = new RegExp(`\\b${value.replace(/[^\p{L}\p{N} ]/gu, '')}\\b`, 'i');
      const pages = texts.filter((t) => re.test(t)).length;
      add(`lvs, on ${pages >= 2 ? '2+' : pages} surface pages`, c.gain);
    }
  }
}
console.log('| candidates | n | mean new | listing nothing |');
console.log('| --- | ---: | ---: | ---: |');
for (const [k, r] of [...rows].sort()) console.log(`| ${k} | ${r.n} | ${(r.gain / r.n).toFixed(1)} | ${((100 * r.empty) / r.n).toFixed(0)} % |`);
