/** Reading a run directory's state.json (manifest and config) for the commands that continue or re-run it. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoordinatorConfig } from '../coordinator/coordinator.ts';
import type { RunManifest } from '../store/index.ts';
import type { TestbedPlan } from './builtin-site.ts';
import { UserError } from './errors.ts';

export interface RunState {
  manifest: RunManifest & { testbed?: TestbedPlan };
  config?: CoordinatorConfig;
}

export function readRunState(dir: string): RunState {
  const file = join(dir, 'state.json');
  if (!existsSync(file)) throw new UserError(`${dir} is not a Surfacer run directory (no state.json)`);
  let state: Partial<RunState>;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunState>;
  } catch (err) {
    throw new UserError(`${file} is not valid JSON (${(err as Error).message})`);
  }
  if (!state.manifest) throw new UserError(`${file} has no manifest`);
  return { manifest: state.manifest, config: state.config };
}
