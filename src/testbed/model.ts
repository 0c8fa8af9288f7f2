/**
 * One site, fully determined by (domain, scale, seed): records, search engine, surface
 * pages and link depths. Built once and cached; the server and the ground truth share it.
 */
import { generateRecords, type HiddenRecord } from './records.ts';
import { SearchEngine } from './search.ts';
import { SITES, type Scale, type SiteConfig, type TestbedDomain } from './sites.ts';
import { buildSurface, TRAP_LEVELS, trapPage, type PageLink, type Surface, type SurfacePage } from './surface.ts';
import { VOCABULARY, type DomainVocabulary } from './vocabulary.ts';

export interface SiteModel {
  domain: TestbedDomain;
  scale: Scale;
  seed: number;
  config: SiteConfig;
  vocab: DomainVocabulary;
  records: HiddenRecord[];
  engine: SearchEngine;
  surface: Surface;
  /** Record index by detail path. */
  recordIndexByPath: Map<string, number>;
  recordPaths: string[];
  /** Shortest link depth from home of every surface page (trap pages: the first TRAP_LEVELS levels). */
  depths: Map<string, number>;
  /** A surface page by path (trap pages built on demand). */
  page(path: string): SurfacePage | null;
}

const cache = new Map<string, SiteModel>();

export function siteModel(domain: TestbedDomain, scale: Scale, seed: number): SiteModel {
  const key = `${domain}|${scale}|${seed}`;
  let model = cache.get(key);
  if (!model) {
    model = buildSiteModel(domain, scale, seed);
    cache.set(key, model);
  }
  return model;
}

/** Drops cached models (tests use it to prove two builds are identical). */
export function clearSiteModelCache(): void {
  cache.clear();
}

export function buildSiteModel(domain: TestbedDomain, scale: Scale, seed: number): SiteModel {
  const config = SITES[domain];
  const vocab = VOCABULARY[domain]!;
  const records = generateRecords(domain, scale, seed);
  const recordPaths = records.map((r) => config.recordPath(r.id, r.slug));
  const recordIndexByPath = new Map(recordPaths.map((p, i) => [p, i]));
  const surface = buildSurface(config, scale, seed, records);
  const articleLinks: PageLink[] = [...surface.pages.values()].filter((p) => p.kind === 'article').map((p) => ({ href: p.path, text: p.title }));
  const page = (path: string): SurfacePage | null => surface.pages.get(path) ?? trapPage(config, surface, path, articleLinks);
  const model: SiteModel = {
    domain, scale, seed, config, vocab, records, engine: new SearchEngine(records), surface, recordIndexByPath, recordPaths, depths: new Map(), page,
  };
  model.depths = linkDepths(model);
  return model;
}

/** Internal links of a page in document order: navigation, body, footer. */
export function internalLinks(model: SiteModel, page: SurfacePage): string[] {
  return [...page.nav, ...page.links, ...model.surface.footerLinks].map((l) => l.href).filter((h) => h.startsWith('/'));
}

/** Breadth-first search from home over surface pages; trap pages stop TRAP_LEVELS past the trap's entry. */
function linkDepths(model: SiteModel): Map<string, number> {
  const depths = new Map<string, number>([['/', 0]]);
  const trapDepth = new Map<string, number>();
  const queue = ['/'];
  for (let head = 0; head < queue.length; head++) {
    const path = queue[head]!;
    const page = model.page(path);
    if (!page) continue;
    const depth = depths.get(path)!;
    for (const href of internalLinks(model, page)) {
      if (depths.has(href) || model.recordIndexByPath.has(href)) continue;
      const target = model.page(href);
      if (!target) continue;
      if (target.kind === 'trap') {
        const level = page.kind === 'trap' ? trapDepth.get(path)! + 1 : 0;
        if (level >= TRAP_LEVELS) continue;
        trapDepth.set(href, level);
      }
      depths.set(href, depth + 1);
      queue.push(href);
    }
  }
  return depths;
}
