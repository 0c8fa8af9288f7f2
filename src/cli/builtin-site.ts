/** Starting the built-in testbed site a crawl (or its replay) runs against, in this process. */
import { startTestbed, TESTBED_DOMAINS, type Scale, type TestbedHandle } from '../testbed/index.ts';
import { UserError } from './errors.ts';

/** Which built-in site, and where: what a run's manifest keeps so a resume or replay finds it again. */
export interface TestbedPlan {
  domain: string;
  scale: Scale;
  seed: number;
  trouble: 'default' | 'on' | 'off';
  port: number;
}

/** The port a built-in site was to be served on is taken by another process. */
export class PortInUseError extends UserError {}

export async function startBuiltInSite(plan: TestbedPlan): Promise<TestbedHandle> {
  const index = (TESTBED_DOMAINS as readonly string[]).indexOf(plan.domain);
  if (index < 0) throw new UserError(`seed file names an unknown testbed site: ${plan.domain}`);
  try {
    return plan.port === 0
      ? await startTestbed({ domains: [plan.domain], scale: plan.scale, seed: plan.seed, port: 0, trouble: plan.trouble })
      : await startTestbed({ domains: [plan.domain], scale: plan.scale, seed: plan.seed, portBase: plan.port - index, trouble: plan.trouble });
  } catch (err) {
    if (isAddressInUse(err)) throw new PortInUseError(`port ${plan.port} for the built-in ${plan.domain} site is in use; stop the other process or pass --testbed-port 0`);
    throw err;
  }
}

function isAddressInUse(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'EADDRINUSE' || /EADDRINUSE|in use/i.test((err as Error).message);
}
