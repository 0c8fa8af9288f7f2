/**
 * `surfacer bench combine RESULT.json…`: several `bench strategies` results (say, testbed seeds
 * 1, 2 and 3) as one comparison — the same means and table over every crawl, and one strategy
 * (`--subject`, a3c-wge by default) against each other one, site by site, with a sign test.
 * Five sites of one seed cannot show a lead beyond chance; fifteen can.
 *
 * The results must compare: the same train domains, budgets, testbed scale and trouble, and the
 * same A3C mode (frozen or learning, page decisions), each from another seed. Anything else is
 * refused with what differs, before anything is written. The strategies may differ (a later seed
 * may rerun only the close contenders): each is averaged over the sites it crawled, said under
 * the table, and pairs are only where both crawled.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { combineResults, type CombinableResult, type CombinedResult } from '../report/strategy-combine.ts';
import { pairedTable } from '../report/strategy-pairs.ts';
import { strategyTable } from '../report/strategy-table.ts';
import { PAIRED_SUBJECT } from './bench-strategies.ts';
import { UserError } from './errors.ts';
import { writeText } from './output.ts';

export interface BenchCombineOptions {
  subject?: string;
  json?: boolean;
  out?: string;
  markdown?: string;
}


/** A `bench strategies` result as read from disk: the parts combining reads, and those that must agree. */
export type StrategiesResultFile = CombinableResult & {
  budgets?: Record<string, unknown>;
  testbed: { seed: number; scale?: string; trouble?: string };
  a3cOnlineLearning?: boolean;
  a3cPageDecisions?: boolean;
  deterministic?: boolean;
  quick?: boolean;
};

export type CombinedBench = CombinedResult & {
  sources: string[];
  budgets?: Record<string, unknown>;
  testbed: { seeds: number[]; scale?: string; trouble?: string };
  a3cOnlineLearning?: boolean;
  a3cPageDecisions?: boolean;
  deterministic?: boolean;
  conventions: Record<string, string>;
};

/** Reads one result file; a clear UserError when it is missing, not JSON or not a `bench strategies` result. */
export function readStrategiesResult(file: string): StrategiesResultFile {
  if (!existsSync(file)) throw new UserError(`bench combine: no such file: ${file}`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UserError(`bench combine: ${file} is not JSON (${(err as Error).message})`);
  }
  const r = data as Partial<StrategiesResultFile> | null;
  const isResult =
    !!r && typeof r === 'object' && !!r.strategies && typeof r.strategies === 'object' && Array.isArray(r.runs) && Array.isArray(r.trainDomains) && Array.isArray(r.testDomains) &&
    !!r.testbed && Number.isInteger(r.testbed.seed) && !!r.oracle;
  if (!isResult) throw new UserError(`bench combine: ${file} is not a \`surfacer bench strategies\` result (it needs strategies, runs, trainDomains, testDomains, oracle and testbed.seed)`);
  return r as StrategiesResultFile;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Refuses results that do not compare, naming the first field that differs and the two files. */
export function checkComparable(results: readonly StrategiesResultFile[], files: readonly string[]): void {
  if (results.length < 2) throw new UserError('bench combine: give at least two `bench strategies` results (one per testbed seed)');
  const fields: [string, (r: StrategiesResultFile) => unknown][] = [
    ['trainDomains', (r) => [...r.trainDomains].sort()],
    ['budgets', (r) => r.budgets ?? null],
    ['testbed scale', (r) => r.testbed.scale ?? null],
    ['testbed trouble', (r) => r.testbed.trouble ?? null],
    ['a3cOnlineLearning', (r) => r.a3cOnlineLearning ?? null],
    ['a3cPageDecisions', (r) => r.a3cPageDecisions ?? null],
    // Results from before the option crawled with agents in parallel.
    ['deterministic', (r) => r.deterministic ?? false],
    ['quick', (r) => r.quick ?? null],
  ];
  for (const [name, get] of fields) {
    for (let i = 1; i < results.length; i++) {
      if (!same(get(results[0]!), get(results[i]!))) throw new UserError(`bench combine: ${files[0]} and ${files[i]} differ in ${name} (${JSON.stringify(get(results[0]!))} against ${JSON.stringify(get(results[i]!))}); only results of the same comparison on other seeds combine`);
    }
  }
  const seen = new Map<number, string>();
  results.forEach((r, i) => {
    const before = seen.get(r.testbed.seed);
    if (before !== undefined) throw new UserError(`bench combine: ${before} and ${files[i]} both crawled testbed seed ${r.testbed.seed}: the same sites would count twice`);
    seen.set(r.testbed.seed, files[i]!);
  });
}

export function benchCombine(files: readonly string[], subject: string = PAIRED_SUBJECT): CombinedBench {
  const results = files.map(readStrategiesResult);
  checkComparable(results, files);
  const names = [...new Set(results.flatMap((r) => Object.keys(r.strategies)))];
  if (!names.includes(subject)) throw new UserError(`bench combine: --subject ${subject} is not among the results' strategies (${names.join(', ')})`);
  const first = results[0]!;
  return {
    ...combineResults(results, subject),
    sources: [...files],
    budgets: first.budgets,
    testbed: { seeds: results.map((r) => r.testbed.seed), scale: first.testbed.scale, trouble: first.testbed.trouble },
    a3cOnlineLearning: first.a3cOnlineLearning,
    a3cPageDecisions: first.a3cPageDecisions,
    deterministic: first.deterministic ?? false,
    conventions: {
      combined: 'every crawl of every result counts once: the means, queries-to counts and harvest rate are over all sites (domain and seed); harvest rate by depth is the mean of the results\' means weighted by the domains behind each; the oracle is averaged over every site',
      ...(first as { conventions?: Record<string, string> }).conventions,
    },
  };
}

export function combinedMarkdown(c: CombinedBench): string {
  const maxQueries = typeof c.budgets?.maxQueries === 'number' ? c.budgets.maxQueries : undefined;
  const maxPages = typeof c.budgets?.maxPages === 'number' ? c.budgets.maxPages : undefined;
  const table = strategyTable({
    strategies: c.strategies,
    oracle: c.oracle,
    trainDomains: c.trainDomains,
    testDomains: c.sites,
    maxQueries,
    maxPages,
    codeCommits: c.codeCommits,
    runs: c.runs.map((r) => ({ ...r, domain: r.site })),
    a3cOnlineLearning: c.a3cOnlineLearning,
    a3cPageDecisions: c.a3cPageDecisions,
    deterministic: c.deterministic,
  });
  const fewer = Object.entries(c.strategies).filter(([, s]) => s.domains + s.failedDomains.length < c.sites.length);
  const head =
    `Combined: testbed seeds ${c.seeds.join(', ')} (${c.sources.join(', ')}). Every crawl counts once, so each mean is over ${c.sites.length} sites` +
    (fewer.length ? `, except: ${fewer.map(([name, s]) => `${name} crawled ${s.domains + s.failedDomains.length} of them`).join('; ')}.` : '.') +
    '\n\n';
  return `${head}${table}${c.paired ? `\n${pairedTable(c.paired)}\n` : ''}`;
}

export function registerBenchCombine(bench: Command): void {
  bench
    .command('combine')
    .description('several `bench strategies` results (one per testbed seed) as one comparison: means over every crawl, and one strategy against each other one, site by site, with a sign test')
    .argument('<results...>', 'result JSON files of `surfacer bench strategies --out`')
    .option('--subject <strategy>', 'the strategy paired against each other one', PAIRED_SUBJECT)
    .option('--json', 'print the JSON result (default: the Markdown tables)', false)
    .option('--out <file>', 'also write the JSON here')
    .option('--markdown <file>', 'also write the Markdown here')
    .action((files: string[], opts: BenchCombineOptions) => {
      const combined = benchCombine(files, opts.subject);
      const json = `${JSON.stringify(combined, null, 2)}\n`;
      const markdown = combinedMarkdown(combined);
      if (opts.out) writeText(opts.out, json);
      if (opts.markdown) writeText(opts.markdown, markdown);
      process.stdout.write(opts.json ? json : markdown);
    });
}
