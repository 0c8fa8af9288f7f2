import type { PageEntry, QueryEntry } from '../../src/store/index.ts';

const H = 'http://site.test';
const NAV = 'Home\nSearch\nAbout';
const FOOT = 'Privacy\nHelp\nAll rights reserved.';
const words = ['amber', 'basalt', 'cobalt', 'dune', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'jasper', 'kelp', 'lagoon', 'meadow', 'nectar', 'onyx', 'prairie', 'quartz', 'ridge', 'sierra', 'tundra', 'umber', 'valley', 'willow', 'xenon', 'yarrow', 'zephyr'];

/** Five distinct sentences for page `k` (words rotate so every page has its own). */
function body(k: number, topic: string): string {
  const out: string[] = [];
  for (let s = 0; s < 6; s++) {
    const w = (i: number) => words[(k * 7 + s * 3 + i) % words.length];
    out.push(`The ${w(0)} ${topic} near ${w(1)} and ${w(2)} ${w(3)} is ${w(4)} ${k}${s}.`);
  }
  return out.join(' ');
}

function page(path: string, p: Partial<PageEntry> & { kind: PageEntry['kind']; via: PageEntry['via'] }, k: number, topic: string, links: string[], title = path): PageEntry {
  return { url: `${H}${path}`, depth: 0, title, text: `${NAV}\n${title}\n${body(k, topic)}\n${FOOT}`, links: links.map((l) => `${H}${l}`), t: k, ...p } as PageEntry;
}

const q = (v: string) => `${H}/search#form0|[["q","${v}"]]`;

/**
 * A tiny crawl: home -> {about, guide, search}; guide -> guide/1 -> guide/2 (link-only targets);
 * search --form "red"--> results?q=red -> results?page=2&q=red (pagination); results list records.
 * search --form "blue"--> results?q=blue -> one record.
 */
export function tinyCrawl(): { pages: PageEntry[]; queries: QueryEntry[] } {
  const nav = ['/', '/search', '/about'];
  const pages: PageEntry[] = [
    page('/', { kind: 'surface', via: 'seed' }, 0, 'welcome', [...nav, '/guide']),
    page('/search', { kind: 'surface', via: 'link', from: `${H}/` }, 1, 'search', nav),
    page('/about', { kind: 'surface', via: 'link', from: `${H}/` }, 2, 'about', nav),
    page('/guide', { kind: 'surface', via: 'link', from: `${H}/` }, 3, 'guide', [...nav, '/guide/1']),
    page('/guide/1', { kind: 'surface', via: 'link', from: `${H}/guide` }, 4, 'chapter', [...nav, '/guide/2']),
    page('/guide/2', { kind: 'surface', via: 'link', from: `${H}/guide/1` }, 5, 'chapter', nav),
    page('/results?q=red', { kind: 'result', via: 'form', from: `${H}/search`, query: q('red') }, 6, 'listing', [...nav, '/rec/1', '/rec/2', '/results?page=2&q=red']),
    page('/results?page=2&q=red', { kind: 'result', via: 'pagination', from: `${H}/results?q=red`, query: q('red') }, 7, 'listing', [...nav, '/rec/3']),
    page('/results?q=blue', { kind: 'result', via: 'form', from: `${H}/search`, query: q('blue') }, 8, 'listing', [...nav, '/rec/4']),
    page('/rec/1', { kind: 'record', via: 'record-link', from: `${H}/results?q=red`, query: q('red') }, 9, 'red record', nav),
    page('/rec/2', { kind: 'record', via: 'record-link', from: `${H}/results?q=red`, query: q('red') }, 10, 'red record', nav),
    page('/rec/3', { kind: 'record', via: 'record-link', from: `${H}/results?page=2&q=red`, query: q('red') }, 11, 'red record', nav),
    page('/rec/4', { kind: 'record', via: 'record-link', from: `${H}/results?q=blue`, query: q('blue') }, 12, 'blue record', nav),
  ];
  const queries: QueryEntry[] = [
    { key: q('red'), form: `${H}/search#form0`, values: { q: 'red' }, terms: ['red'] },
    { key: q('blue'), form: `${H}/search#form0`, values: { q: 'blue' }, terms: ['blue'] },
  ];
  return { pages, queries };
}
