/** `surfacer diff <run-a> <run-b>`: what differs between two runs; exit 0 only when nothing does (timings aside). */
import type { Command } from 'commander';
import { diffRuns, formatRunDiff, RunDirError } from '../report/index.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

export function registerDiffCommand(program: Command): void {
  program
    .command('diff')
    .description("compare two runs' reports and record sets; exit 0 only when they match (timings aside)")
    .argument('<run-a>', 'run directory')
    .argument('<run-b>', 'run directory')
    .option('--json', 'print the comparison as JSON', false)
    .action((a: string, b: string, opts: { json: boolean }) => {
      let d;
      try {
        d = diffRuns(a, b);
      } catch (err) {
        if (err instanceof RunDirError) throw new UserError(err.message);
        throw err;
      }
      if (opts.json) emitJson(d);
      else process.stdout.write(formatRunDiff(d));
      process.exitCode = d.same ? 0 : 1;
    });
}
