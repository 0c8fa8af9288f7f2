import { Command } from 'commander';
import { UserError } from './errors.ts';
import { registerTestbedCommand } from './testbed-command.ts';
import { registerFormsCommand } from './forms-command.ts';
import { registerBenchCommand } from './bench-command.ts';
import { registerCrawlCommand } from './crawl-command.ts';
import { registerReportCommand } from './report-command.ts';
import { registerWebnavCommand } from './webnav-command.ts';
import { registerReplayCommand } from './replay-command.ts';
import { registerDiffCommand } from './diff-command.ts';
import { registerTrainCommand } from './train-command.ts';
import { registerDemoCommand } from './demo-command.ts';

const program = new Command();
program
  .name('surfacer')
  .description('Deep-web crawler: finds search forms, fills them, harvests the records behind them.')
  .showHelpAfterError()
  .configureOutput({ outputError: (str, write) => write(str) });

registerCrawlCommand(program);
registerReportCommand(program);
registerReplayCommand(program);
registerDiffCommand(program);
registerTrainCommand(program);
registerTestbedCommand(program);
registerFormsCommand(program);
registerBenchCommand(program);
registerWebnavCommand(program);
registerDemoCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // One line on stderr and a non-zero exit: users script this command.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`surfacer: ${message}\n`);
  if (!(err instanceof UserError) && process.env['SURFACER_DEBUG']) console.error(err);
  process.exitCode = err instanceof UserError ? err.exitCode : 1;
}
