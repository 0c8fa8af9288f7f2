import type { QueryCandidate, QueryStrategy } from './types.ts';

/**
 * The `bfs` baseline: a plain breadth-first link crawler that submits each search form once,
 * with the first value its LVS table offers (candidates arrive in table order), and never again.
 */
export class BfsStrategy implements QueryStrategy {
  readonly name = 'bfs';
  private used = false;

  choose(candidates: readonly QueryCandidate[]): QueryCandidate | null {
    if (this.used) return null;
    const first = candidates.find((c) => c.source === 'lvs' || c.source === 'options' || c.source === 'default') ?? candidates[0] ?? null;
    if (first) this.used = true;
    return first;
  }

  observe(): void {
    // One query per form, whatever it brings.
  }

  toJSON(): unknown {
    return { used: this.used };
  }
}
