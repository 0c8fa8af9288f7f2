/**
 * Resuming a long `bench strategies` run: with `--keep-runs DIR`, every finished crawl or
 * training leaves a small receipt (`bench-done.json`: the exact command-line arguments and
 * what the bench recorded of it) next to its output. A later bench with the same DIR reuses
 * each step whose receipt names the same arguments, and redoes the others — so a bench that
 * was killed after two hours loses only the crawl that was running, and a strategy can be
 * added to a finished comparison without crawling the others again.
 *
 * Folders in the arguments (`--out`, `--model`) are compared by their last name only, so a
 * receipt still counts after DIR moved (another machine, or results committed to the repo):
 * each step's output folder is DIR/<its own name>, and a model is told apart by the stamp
 * the bench adds to its arguments, not by where it lies.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const RECEIPT = 'bench-done.json';

interface Receipt<T> {
  args: string[];
  result: T;
}

const FOLDER_OPTIONS = new Set(['--out', '--model']);

/** The arguments as a receipt compares them: folders by their last name. */
export function portableArgs(args: readonly string[]): string[] {
  return args.map((a, i) => (i > 0 && FOLDER_OPTIONS.has(args[i - 1]!) ? basename(a) : a));
}

/** The recorded result of a step done before with the same arguments (folders by name), or undefined. */
export function finishedStep<T>(dir: string, args: readonly string[]): T | undefined {
  const file = join(dir, RECEIPT);
  if (!existsSync(file)) return undefined;
  try {
    const receipt = JSON.parse(readFileSync(file, 'utf8')) as Receipt<T>;
    if (!Array.isArray(receipt.args)) return undefined;
    const mine = portableArgs(args);
    const theirs = portableArgs(receipt.args);
    const same = theirs.length === mine.length && theirs.every((a, i) => a === mine[i]);
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

/**
 * What a reused step's progress line adds when it was done by other code: receipts match on
 * arguments and model, not on code (so results committed to the repo can be reused across
 * commits that only touch docs), so a step kept from before a behaviour change would
 * otherwise be reused without a word. Empty when the commits agree or either is unknown.
 */
export function otherCodeNote(doneAt: string | null | undefined, codeNow: string | null): string {
  if (!doneAt || !codeNow || doneAt === codeNow) return '';
  return ` (done at ${doneAt}, this code is ${codeNow}: after a change of behaviour, use a fresh --keep-runs folder)`;
}
