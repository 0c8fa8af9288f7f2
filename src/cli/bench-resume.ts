/**
 * Resuming a long `bench strategies` run: with `--keep-runs DIR`, every finished crawl or
 * training leaves a small receipt (`bench-done.json`: the exact command-line arguments and
 * what the bench recorded of it) next to its output. A later bench with the same DIR reuses
 * each step whose receipt names the same arguments, and redoes the others — so a bench that
 * was killed after two hours loses only the crawl that was running, and a strategy can be
 * added to a finished comparison without crawling the others again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RECEIPT = 'bench-done.json';

interface Receipt<T> {
  args: string[];
  result: T;
}

/** The recorded result of a step done before with exactly these arguments, or undefined. */
export function finishedStep<T>(dir: string, args: readonly string[]): T | undefined {
  const file = join(dir, RECEIPT);
  if (!existsSync(file)) return undefined;
  try {
    const receipt = JSON.parse(readFileSync(file, 'utf8')) as Receipt<T>;
    const same = Array.isArray(receipt.args) && receipt.args.length === args.length && receipt.args.every((a, i) => a === args[i]);
    return same ? receipt.result : undefined;
  } catch {
    // A receipt cut short by a kill: the step is redone.
    return undefined;
  }
}

/** Marks a step done (after its output is complete, so a receipt never outlives a partial output). */
export function markStepDone<T>(dir: string, args: readonly string[], result: T): void {
  const receipt: Receipt<T> = { args: [...args], result };
  writeFileSync(join(dir, RECEIPT), `${JSON.stringify(receipt, null, 2)}\n`);
}
