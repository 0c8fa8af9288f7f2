import type { Command } from 'commander';
import { registerBenchTestbed } from './bench-testbed.ts';
import { registerBenchForms } from './bench-forms.ts';
import { registerBenchThroughput } from './bench-throughput.ts';
import { registerBenchMemory } from './bench-memory.ts';
import { registerBenchTrace } from './bench-trace.ts';
import { registerBenchStrategies } from './bench-strategies.ts';
import { registerBenchLearning } from './bench-learning.ts';
import { registerBenchCombine } from './bench-combine.ts';

/** `surfacer bench <what>`: each benchmark writes one JSON object (stdout, or --out FILE). */
export function registerBenchCommand(program: Command): void {
  const bench = program.command('bench').description('benchmarks that print JSON');
  registerBenchTestbed(bench);
  registerBenchForms(bench);
  registerBenchThroughput(bench);
  registerBenchMemory(bench);
  registerBenchTrace(bench);
  registerBenchStrategies(bench);
  registerBenchLearning(bench);
  registerBenchCombine(bench);
}
