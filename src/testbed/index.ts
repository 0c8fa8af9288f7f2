/**
 * The built-in deep-web testbed: one site per ODP top-level category on 127.0.0.1, with
 * ground truth. Only the evaluator (report/), the CLI and tests import this folder.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname } from 'node:path';
import { siteModel } from './model.ts';
import { createSiteServer, DEFAULT_TROUBLE, listen, type SubmissionLogEntry } from './server.ts';
import { DEFAULT_PORT_BASE, DEFAULT_SEED, isScale, isTestbedDomain, SCALES, SITES, TESTBED_DOMAINS, type Scale } from './sites.ts';

export { TESTBED_DOMAINS, SITES, DEFAULT_PORT_BASE, DEFAULT_SEED, RECORDS_PER_SCALE, SCALES, isScale, isTestbedDomain, searchVariantsOf } from './sites.ts';
export type { Scale, TestbedDomain, SiteConfig, SearchFormConfig, SearchKind, Pagination } from './sites.ts';
export { groundTruth, classifyTruthUrl, searchIndex } from './truth.ts';
export type { GroundTruth, TruthForm, TruthRecord, TruthSearchIndex } from './truth.ts';
export type { SubmissionLogEntry, TroubleSettings } from './server.ts';
export { DEFAULT_TROUBLE } from './server.ts';
export type { FormTrueType } from './forms.ts';

export type TroubleMode = 'default' | 'on' | 'off';

export interface TestbedOptions {
  domains?: string[];
  scale?: Scale;
  seed?: number;
  /** Domain i listens on portBase + i (its index in TESTBED_DOMAINS). */
  portBase?: number;
  /** 0: ephemeral ports (tests). */
  port?: 0;
  /** 'default': trouble only on the sites the site table marks; 'on': all; 'off': none. */
  trouble?: TroubleMode;
  /** Append every form submission to this JSONL file. */
  submissionLog?: string;
}

export interface TestbedSite {
  domain: string;
  /** Origin plus '/'. */
  url: string;
  port: number;
}

export interface TestbedHandle {
  sites: TestbedSite[];
  submissions(): SubmissionLogEntry[];
  /** Responses sent, in order: method, path (no query) and status. */
  responses(): { domain: string; method: string; path: string; status: number }[];
  close(): Promise<void>;
}

export async function startTestbed(opts: TestbedOptions = {}): Promise<TestbedHandle> {
  const domains = opts.domains ?? [...TESTBED_DOMAINS];
  const scale = opts.scale ?? 'small';
  const seed = opts.seed ?? DEFAULT_SEED;
  const portBase = opts.portBase ?? DEFAULT_PORT_BASE;
  for (const d of domains) if (!isTestbedDomain(d)) throw new Error(`unknown testbed domain: ${d} (known: ${TESTBED_DOMAINS.join(', ')})`);
  if (!isScale(scale)) throw new Error(`unknown scale: ${String(scale)} (${SCALES.join(', ')})`);
  const log: SubmissionLogEntry[] = [];
  const responses: { domain: string; method: string; path: string; status: number }[] = [];
  if (opts.submissionLog) mkdirSync(dirname(opts.submissionLog), { recursive: true });
  const onSubmission = (entry: SubmissionLogEntry): void => {
    log.push(entry);
    if (opts.submissionLog) appendFileSync(opts.submissionLog, `${JSON.stringify(entry)}\n`);
  };
  const servers: Server[] = [];
  const sites: TestbedSite[] = [];
  try {
    for (const domain of domains) {
      if (!isTestbedDomain(domain)) continue;
      const model = siteModel(domain, scale, seed);
      const troubled = opts.trouble === 'on' || ((opts.trouble ?? 'default') === 'default' && SITES[domain].troubleByDefault);
      const server = createSiteServer(model, { onSubmission, onResponse: (r) => responses.push({ domain, ...r }), ...(troubled ? { trouble: DEFAULT_TROUBLE } : {}) });
      const wanted = opts.port === 0 ? 0 : portBase + TESTBED_DOMAINS.indexOf(domain);
      const port = await listen(server, wanted);
      servers.push(server);
      sites.push({ domain, url: `http://127.0.0.1:${port}/`, port });
    }
  } catch (err) {
    await Promise.all(servers.map(closeServer));
    throw err;
  }
  return {
    sites,
    submissions: () => [...log],
    responses: () => [...responses],
    close: () => Promise.all(servers.map(closeServer)).then(() => undefined),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
