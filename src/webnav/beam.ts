/**
 * Beam search over paths: keeps the `width` most probable unfinished paths; from each, the
 * model gives log-probabilities of stopping and of following each outgoing edge (at most
 * `maxLinks` of them, best first, are followed). A path at the hop limit must stop. The
 * answer is the finished path with the highest log-probability, or (select 'stop') the one
 * whose last page the model most wants to stop on, path probability as a weaker term.
 */
import type { EdgeKind } from './graph.ts';

export interface BeamPath {
  nodes: string[];
  kinds: EdgeKind[];
  logp: number;
  /** Finished paths: log p(stop) at the last page. */
  stop?: number;
}

export interface StepScores {
  stop: number;
  edges: { to: string; kind: EdgeKind; logp: number }[];
}

export interface BeamOptions {
  width: number;
  maxLinks: number;
  hops: number;
  /**
   * How the answer is picked among finished paths: 'path' = highest log p(path, stop);
   * 'stop' = highest log p(stop) at the last page plus `pathWeight` x log p(path) (the page
   * the model is most sure is the goal, among those the beam reached). Default 'path'.
   */
  select?: 'path' | 'stop';
  pathWeight?: number;
}

/** `score` gets the unfinished paths of one depth at once (a batch) and answers one StepScores each. */
export async function beamSearch(start: string, score: (paths: BeamPath[]) => Promise<StepScores[]>, opts: BeamOptions): Promise<{ best: BeamPath; finished: BeamPath[] }> {
  let beam: BeamPath[] = [{ nodes: [start], kinds: [], logp: 0 }];
  const finished: BeamPath[] = [];
  for (let depth = 0; beam.length; depth++) {
    const scores = await score(beam);
    const next: BeamPath[] = [];
    beam.forEach((p, i) => {
      const s = scores[i] as StepScores;
      finished.push({ ...p, logp: p.logp + s.stop, stop: s.stop });
      if (depth >= opts.hops) return;
      const onPath = new Set(p.nodes);
      const edges = s.edges.filter((e) => !onPath.has(e.to)).sort((a, b) => b.logp - a.logp).slice(0, opts.maxLinks);
      for (const e of edges) next.push({ nodes: [...p.nodes, e.to], kinds: [...p.kinds, e.kind], logp: p.logp + e.logp });
    });
    next.sort((a, b) => b.logp - a.logp);
    beam = next.slice(0, opts.width);
  }
  const w = opts.pathWeight ?? 0.1;
  const key = (p: BeamPath): number => (opts.select === 'stop' ? (p.stop as number) + w * p.logp : p.logp);
  finished.sort((a, b) => key(b) - key(a) || a.nodes.length - b.nodes.length);
  return { best: finished[0] as BeamPath, finished };
}
