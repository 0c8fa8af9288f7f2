/** Site-grouped k-fold splits, seeded: every form of a site lands in the same fold. */
import { createRng } from '../lvs/random.ts';

/** Fold number per item. Sites are shuffled, then each goes to the fold with the fewest items so far. */
export function groupKFold(groups: string[], k: number, seed: number): number[] {
  const sizes = new Map<string, number>();
  for (const g of groups) sizes.set(g, (sizes.get(g) ?? 0) + 1);
  const sites = [...sizes.keys()].sort();
  const rand = createRng(seed);
  for (let i = sites.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sites[i], sites[j]] = [sites[j] as string, sites[i] as string];
  }
  // Big sites first (stable after the shuffle) so the folds come out even.
  sites.sort((a, b) => (sizes.get(b) as number) - (sizes.get(a) as number));
  const load = new Array<number>(k).fill(0);
  const foldOf = new Map<string, number>();
  for (const s of sites) {
    let best = 0;
    for (let f = 1; f < k; f++) if ((load[f] as number) < (load[best] as number)) best = f;
    foldOf.set(s, best);
    load[best] = (load[best] as number) + (sizes.get(s) as number);
  }
  return groups.map((g) => foldOf.get(g) as number);
}
