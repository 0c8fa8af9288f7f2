/**
 * `surfacer testbed serve|truth`: serve the built-in deep-web sites on 127.0.0.1, or print
 * one site's ground truth as JSON.
 */
import { Option, type Command } from 'commander';
import { DEFAULT_PORT_BASE, groundTruth, isScale, SCALES, isTestbedDomain, startTestbed, TESTBED_DOMAINS, type Scale, type TestbedHandle } from '../testbed/index.ts';
import { UserError } from './errors.ts';
import { emitJson } from './output.ts';

interface ServeOptions {
  domains?: string;
  scale: string;
  seed: number;
  portBase: number;
  trouble: 'default' | 'on' | 'off';
  submissionLog?: string;
}

interface TruthCliOptions {
  domain: string;
  scale: string;
  seed: number;
  portBase: number;
  out?: string;
}

function integer(name: string, min: number, max: number): (v: string) => number {
  return (v) => {
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UserError(`${name} must be an integer from ${min} to ${max}, got "${v}"`);
    return Number(v);
  };
}

function checkScale(scale: string): Scale {
  if (!isScale(scale)) throw new UserError(`unknown scale "${scale}": use ${SCALES.join(', ')}`);
  return scale;
}

function checkDomain(domain: string): string {
  if (!isTestbedDomain(domain)) throw new UserError(`unknown testbed domain "${domain}": use one of ${TESTBED_DOMAINS.join(', ')}`);
  return domain;
}

export function registerTestbedCommand(program: Command): void {
  const testbed = program.command('testbed').description('the built-in deep-web testbed: 15 ODP-domain sites on 127.0.0.1 with ground truth');

  testbed
    .command('serve')
    .description('serve the testbed sites until stopped; prints one JSON line {"domain","url"} per site when ready')
    .option('--domains <list>', 'comma-separated domains (default: all 15)')
    .option('--scale <scale>', 'tiny, small, medium or large (~60 / 300 / 3,000 / 30,000 hidden records per site)', 'small')
    .option('--seed <n>', 'generator seed', integer('--seed', 0, 2 ** 31), 1)
    .option('--port-base <n>', 'domain i listens on port-base + i', integer('--port-base', 1, 65535 - TESTBED_DOMAINS.length), DEFAULT_PORT_BASE)
    .addOption(new Option('--trouble <mode>', 'slow pages, 5xx, 429, robots.txt: on the default sites, all, or none').choices(['default', 'on', 'off']).default('default'))
    .option('--submission-log <file>', 'append every form submission (JSONL)')
    .action(async (opts: ServeOptions) => {
      const handle = await serve(opts);
      for (const site of handle.sites) process.stdout.write(`${JSON.stringify({ domain: site.domain, url: site.url })}\n`);
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void handle.close().then(resolve);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });

  testbed
    .command('truth')
    .description("print one site's ground truth as JSON (surface URLs and depths, records, result-page patterns, forms)")
    .requiredOption('--domain <domain>', `one of ${TESTBED_DOMAINS.join(', ')}`)
    .option('--scale <scale>', SCALES.join(', '), 'small')
    .option('--seed <n>', 'generator seed', integer('--seed', 0, 2 ** 31), 1)
    .option('--port-base <n>', 'port base the site is served at (origin = 127.0.0.1:port-base+index)', integer('--port-base', 1, 65535 - TESTBED_DOMAINS.length), DEFAULT_PORT_BASE)
    .option('--out <file>', 'also write the JSON here')
    .action((opts: TruthCliOptions) => {
      const domain = checkDomain(opts.domain);
      const scale = checkScale(opts.scale);
      const port = opts.portBase + (TESTBED_DOMAINS as readonly string[]).indexOf(domain);
      emitJson(groundTruth({ domain, scale, seed: opts.seed, origin: `http://127.0.0.1:${port}` }), opts.out);
    });
}

async function serve(opts: ServeOptions): Promise<TestbedHandle> {
  const domains = opts.domains ? opts.domains.split(',').map((d) => d.trim()).filter(Boolean).map(checkDomain) : [...TESTBED_DOMAINS];
  if (domains.length === 0) throw new UserError('--domains names no domain');
  const scale = checkScale(opts.scale);
  try {
    return await startTestbed({ domains, scale, seed: opts.seed, portBase: opts.portBase, trouble: opts.trouble, submissionLog: opts.submissionLog });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { port?: number };
    if (e.code === 'EADDRINUSE') throw new UserError(`port ${e.port ?? '?'} is in use: stop the other process or pick another --port-base`);
    if (e.code === 'EACCES') throw new UserError(`not allowed to listen on port ${e.port ?? '?'}: pick another --port-base`);
    throw err;
  }
}
