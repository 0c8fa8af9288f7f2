import { Command } from 'commander';
import { UserError } from './errors.ts';

/**
 * Each command's module, loaded only when that command runs (all of them for the overall help
 * or an unknown command): the browser, crawler and tfjs libraries take seconds to load, and a
 * `diff` or a bad option should not wait for them. Listed in the order the help shows them.
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  crawl: async () => (await import('./crawl-command.ts')).registerCrawlCommand,
  report: async () => (await import('./report-command.ts')).registerReportCommand,
  replay: async () => (await import('./replay-command.ts')).registerReplayCommand,
  diff: async () => (await import('./diff-command.ts')).registerDiffCommand,
  train: async () => (await import('./train-command.ts')).registerTrainCommand,
  testbed: async () => (await import('./testbed-command.ts')).registerTestbedCommand,
  forms: async () => (await import('./forms-command.ts')).registerFormsCommand,
  bench: async () => (await import('./bench-command.ts')).registerBenchCommand,
  webnav: async () => (await import('./webnav-command.ts')).registerWebnavCommand,
  demo: async () => (await import('./demo-command.ts')).registerDemoCommand,
};

const program = new Command();
program
  .name('surfacer')
  .description('Deep-web crawler: finds search forms, fills them, harvests the records behind them.')
  .showHelpAfterError()
  .configureOutput({ outputError: (str, write) => write(str) });

const named = process.argv[2];
const wanted = named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
for (const register of await Promise.all(wanted.map((name) => COMMANDS[name]!()))) register(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // One line on stderr and a non-zero exit: users script this command.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`surfacer: ${message}\n`);
  if (!(err instanceof UserError) && process.env['SURFACER_DEBUG']) console.error(err);
  process.exitCode = err instanceof UserError ? err.exitCode : 1;
}
