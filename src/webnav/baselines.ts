/**
 * The non-learned agents.
 * - bfs: breadth-first from the start, following the first Nn not-yet-seen edges of each page
 *   (page order: links as listed, then form submissions), at most Nh hops deep; it reads each
 *   page it reaches and stops on the first that contains the query.
 * - random: the same search with the Nn edges of each page drawn at random (seeded).
 * - site-search: the deep-web baseline: go to a page with the site's search form, submit the
 *   query's words (offline: take the crawl's form submission whose values the query says,
 *   best by IDF, ties broken by how its results read — the crawl's submissions are all the
 *   graph knows), then open the best
 *   result by its text, paging on (to the listing that reads most like the query) while no
 *   listed result contains it.
 */
import { createRng } from '../lvs/random.ts';
import type { EdgeKind } from './graph.ts';
import { PageReader, pageHasQuery, type NavAgent, type NavContext, type NavEdge, type NavEnv, type NavLimits, type NavQuery, type NavResult } from './env.ts';
import { cosine, idfOf, tfidfVector, tokens, type Idf } from './text.ts';

interface Parent {
  from: string;
  kind: EdgeKind;
}

function pathOf(parents: Map<string, Parent>, end: string): { path: string[]; edgeKinds: EdgeKind[] } {
  const path = [end];
  const kinds: EdgeKind[] = [];
  let cur = end;
  for (let p = parents.get(cur); p; p = parents.get(cur)) {
    kinds.push(p.kind);
    path.push(p.from);
    cur = p.from;
  }
  return { path: path.reverse(), edgeKinds: kinds.reverse() };
}

async function treeSearch(env: NavEnv, query: NavQuery, limits: NavLimits, ctx: NavContext, pick: (edges: NavEdge[]) => NavEdge[]): Promise<NavResult> {
  const reader = new PageReader(env, ctx.idf, ctx.views);
  const parents = new Map<string, Parent>();
  const depth = new Map<string, number>([[env.start, 0]]);
  const queue = [env.start];
  let last = env.start;
  for (let h = 0; h < queue.length; h++) {
    const u = queue[h] as string;
    last = u;
    if (pageHasQuery(await reader.view(u), query)) return { ...pathOf(parents, u), pagesRead: env.pagesRead };
    const d = depth.get(u) as number;
    if (d >= limits.hops) continue;
    const fresh = (await env.edges(u)).filter((e) => !depth.has(e.to));
    const unique = [...new Map(fresh.map((e) => [e.to, e])).values()];
    for (const e of pick(unique).slice(0, limits.maxLinks)) {
      depth.set(e.to, d + 1);
      parents.set(e.to, { from: u, kind: e.kind });
      queue.push(e.to);
    }
  }
  return { ...pathOf(parents, last), pagesRead: env.pagesRead };
}

export const bfsAgent: NavAgent = {
  name: 'bfs',
  navigate: (env, query, limits, ctx) => treeSearch(env, query, limits, ctx, (edges) => edges),
};

export const randomAgent: NavAgent = {
  name: 'random',
  navigate: (env, query, limits, ctx) => {
    const rng = createRng(ctx.seed);
    return treeSearch(env, query, limits, ctx, (edges) => {
      const a = [...edges];
      for (let i = a.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [a[i], a[j]] = [a[j] as NavEdge, a[i] as NavEdge];
      }
      return a;
    });
  },
};

/** How well a form submission's values match the query: IDF-weighted share of its value tokens found among the query's tokens. */
export function labelMatch(label: string, queryTokens: ReadonlySet<string>, idf: Idf): number {
  const toks = [...new Set(tokens(label))];
  if (!toks.length) return 0;
  let have = 0;
  let all = 0;
  for (const t of toks) {
    const w = idfOf(idf, t) + 1e-3;
    all += w;
    if (queryTokens.has(t)) have += w;
  }
  return have / all;
}

export const siteSearchAgent: NavAgent = {
  name: 'site-search',
  async navigate(env, query, limits, ctx) {
    const reader = new PageReader(env, ctx.idf, ctx.views);
    const qToks = tokens(query.text);
    const qVec = tfidfVector(qToks, ctx.idf);
    const qSet = new Set(qToks);
    const path = [env.start];
    const kinds: EdgeKind[] = [];
    const done = (): NavResult => ({ path, edgeKinds: kinds, pagesRead: env.pagesRead });
    const go = (e: NavEdge): void => {
      path.push(e.to);
      kinds.push(e.kind);
    };
    let cur = env.start;
    if (pageHasQuery(await reader.view(cur), query)) return done();

    // 1. Reach a page with the search form: breadth-first over links, peeking at each page.
    if (!(await reader.view(cur)).page.hasForm) {
      const parents = new Map<string, Parent>();
      const depth = new Map<string, number>([[cur, 0]]);
      const queue = [cur];
      let found: string | undefined;
      for (let h = 0; h < queue.length && !found; h++) {
        const u = queue[h] as string;
        const d = depth.get(u) as number;
        if (d >= limits.hops - 1) continue;
        for (const e of await env.edges(u)) {
          if (e.kind !== 'link' || depth.has(e.to)) continue;
          depth.set(e.to, d + 1);
          parents.set(e.to, { from: u, kind: e.kind });
          if ((await reader.view(e.to)).page.hasForm) {
            found = e.to;
            break;
          }
          queue.push(e.to);
        }
      }
      if (!found) return done();
      const p = pathOf(parents, found);
      path.push(...p.path.slice(1));
      kinds.push(...p.edgeKinds);
      cur = found;
    }

    // 2. Submit the query's words: the crawl's form submission whose values the query says
    //    (IDF-weighted share of the value's tokens found in the query), ties — and queries
    //    that say none of the values — broken by how much its results read like the query.
    const forms = (await env.edges(cur)).filter((e) => e.kind === 'form');
    if (!forms.length || path.length - 1 >= limits.hops) return done();
    let best: NavEdge | undefined;
    let bestScore = -Infinity;
    for (const e of forms) {
      const s = labelMatch(e.label ?? '', qSet, ctx.idf) + 0.5 * cosine(qVec, (await reader.view(e.to)).tfidf);
      if (s > bestScore) {
        bestScore = s;
        best = e;
      }
    }
    go(best as NavEdge);
    cur = (best as NavEdge).to;

    // 3. Read the results: stop on a result page that shows the query, else open the listed
    //    record that contains the query, else page on (to the listing that reads most like
    //    the query); at the hop limit (or the last page), open the best record on the page.
    const visited = new Set(path);
    let bestRecord: { e: NavEdge; s: number; at: number } | undefined;
    for (;;) {
      if (pageHasQuery(await reader.view(cur), query)) return done();
      const out = await env.edges(cur);
      const left = limits.hops - (path.length - 1);
      if (left <= 0) return done();
      let top: { e: NavEdge; s: number } | undefined;
      for (const e of out) {
        if (e.kind !== 'record' || visited.has(e.to)) continue;
        const v = await reader.view(e.to);
        if (pageHasQuery(v, query)) {
          go(e);
          return done();
        }
        const s = cosine(qVec, v.tfidf);
        if (!top || s > top.s) top = { e, s };
      }
      if (top && (!bestRecord || top.s > bestRecord.s)) bestRecord = { ...top, at: path.length };
      // Page on: to the result page (numbered or next) whose listing reads most like the query.
      let next: NavEdge | undefined;
      let nextScore = -1;
      for (const e of out) {
        if (e.kind !== 'pagination' || visited.has(e.to)) continue;
        const s = cosine(qVec, (await reader.view(e.to)).tfidf);
        if (s > nextScore) {
          nextScore = s;
          next = e;
        }
      }
      if (next && left > 1) {
        go(next);
        visited.add(next.to);
        cur = next.to;
        continue;
      }
      if (bestRecord && bestRecord.at === path.length) go(bestRecord.e);
      return done();
    }
  },
};
