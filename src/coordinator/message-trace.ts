/**
 * Every agent message becomes one row of trace.jsonl: what the agent did or saw (a short,
 * readable summary), a digest of the whole message, and the coordinator's answer. The rows in
 * order are the run's exact history; `replay` re-executes them and compares digests, so the
 * first page a site answers differently is found and named.
 *
 * Digests are taken with the run's own site origins replaced by `{site}`: a built-in site on
 * another port is the same site. Error texts are left out of digests (they carry timings).
 */
import { createHash } from 'node:crypto';
import { stableJson } from '../store/index.ts';
import { atOrigins, withoutAnyOrigins, withoutOrigins } from '../url/origins.ts';
import type { ChoiceExplanation } from '../policy/choice-explanation.ts';
import { STOP_KEY, type AgentMessage, type PolicyChoices, type ReplyTo } from './messages.ts';
import { queryKeyValues } from './query-key.ts';

/** The part of a trace row that marks it as an agent message (absent on the coordinator's own rows). */
export interface MessageMark {
  type: AgentMessage['type'];
  digest: string;
}

export interface MessageTraceRow {
  action: string;
  episode?: string;
  input?: unknown;
  outcome?: unknown;
  msg: MessageMark;
  [key: string]: unknown;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** How a message is digested. */
export interface DigestOptions {
  /**
   * Name the origins percent-encoded `{site}` as well (a result page's key holds its form's address,
   * `surfacer-result=`). Traces written before it digested plain origins only; they keep that rule.
   */
  encodedOrigins?: boolean;
  /** Digest the message as a run at these origins would have: a replay at another port compares its messages so. */
  recordedOrigins?: readonly string[];
}

/** Digest of a message as far as it is reproducible. */
export function messageDigest(m: AgentMessage, origins: readonly string[], opts: DigestOptions = {}): string {
  let body: unknown = m;
  // A page's offered links repeat its `links` message, digested there (and traces from before they were sent still replay).
  if (m.type === 'page' && m.offeredLinks) {
    const { offeredLinks: _o, ...rest } = m;
    body = rest;
  }
  if (m.type === 'error' || m.type === 'episode-end') {
    const { error: _e, message: _m, ...rest } = m as Record<string, unknown>;
    body = rest;
  }
  // Gradients are digested by what they summarise, not by thousands of floats.
  if (m.type === 'gradients') body = { ...m, grads: Object.keys(m.grads).sort(), loss: Math.round(m.loss * 1e4) / 1e4 };
  if (m.type === 'rollout') body = { ...m, episode: m.episode ? m.episode.steps.length : undefined };
  // A claim is digested by what was claimed: its explanation is floats for the reader (and older traces have none).
  if (m.type === 'claim-query') {
    const { why: _w, ...rest } = m;
    body = rest;
  }
  const text = opts.recordedOrigins ? atOrigins(stableJson(body), origins, opts.recordedOrigins) : stableJson(body);
  const hidden = opts.recordedOrigins ?? origins;
  return sha256(opts.encodedOrigins ? withoutAnyOrigins(text, hidden) : withoutOrigins(text, hidden)).slice(0, 32);
}

/** A choice's explanation with the other actions named by their values, not the form's whole key. */
function readableWhy(why: ChoiceExplanation): ChoiceExplanation {
  return { ...why, others: why.others.map((o) => ({ ...o, key: queryKeyValues(o.key) })) };
}

/** How a trace row is written. */
export interface TraceRowOptions extends DigestOptions {
  /** A next-query row lists every action offered to the policy with what the network reads of it (`crawl --trace-choices`). */
  choices?: boolean;
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The actions offered at one decision, as the network reads them: the state's context vector, and
 * for each action the query's values (or "stop"), its candidate features, the yield model's
 * estimate and the prior, rounded for a readable row. Enough to ask offline which input would
 * have picked a better query than the one taken (bench-results/choice-signal/).
 */
export function offeredActions(choices: PolicyChoices): { context: number[]; offered: { key: string; features: number[]; yieldEstimate?: number[]; siteEvidence?: number[]; prior?: number }[] } {
  return {
    context: choices.context.map(round4),
    offered: choices.keys.map((k, i) => {
      const input = choices.inputs[i]!;
      return {
        key: k === STOP_KEY ? 'stop' : queryKeyValues(k),
        features: input.features.map(round4),
        ...(input.yieldEstimate ? { yieldEstimate: input.yieldEstimate.map(round4) } : {}),
        ...(input.siteEvidence ? { siteEvidence: input.siteEvidence.map(round4) } : {}),
        ...(input.prior === undefined ? {} : { prior: round4(input.prior) }),
      };
    }),
  };
}

/** One trace row for a message and the coordinator's reply: small enough to read, enough to explain a divergence. */
export function messageTraceRow(m: AgentMessage, reply: unknown, origins: readonly string[], detail: TraceRowOptions = {}): MessageTraceRow {
  const msg: MessageMark = { type: m.type, digest: messageDigest(m, origins, detail) };
  const episode = 'episodeId' in m ? m.episodeId : undefined;
  switch (m.type) {
    case 'trace':
      return { action: m.action, episode, input: m.input, outcome: m.outcome, msg };
    case 'error':
      return { action: 'error', episode, input: { url: m.url }, outcome: { message: m.message }, msg };
    case 'page':
      return { action: 'page', episode, input: { url: m.url, via: m.via, depth: m.depth, from: m.fromUrl, query: m.query }, outcome: { observation: msg.digest, finalUrl: m.finalUrl, status: m.status, kind: m.kind, title: m.title, links: m.links?.length ?? 0, textChars: m.text?.length ?? 0, fresh: (reply as { fresh?: boolean }).fresh }, msg };
    case 'forms':
      return { action: 'forms', episode, input: { pageUrl: m.pageUrl }, outcome: { types: m.forms.map((f) => f.formType), searchForms: m.searchForms.map((f) => f.formKey) }, msg };
    case 'links':
      return { action: 'links', episode, input: { fromUrl: m.fromUrl, links: m.links.length }, outcome: reply, msg };
    case 'next-query': {
      const r = reply as ReplyTo<typeof m>;
      const outcome = r.choices === undefined ? { query: r.query?.key ?? null } : { choices: r.choices?.keys.length ?? 0, ...(detail.choices && r.choices ? offeredActions(r.choices) : {}) };
      return { action: 'next-query', episode, input: { formKey: m.formKey, choose: m.choose }, outcome, msg };
    }
    case 'claim-query':
      return { action: 'claim-query', episode, input: { formKey: m.formKey, queryKey: m.queryKey, actor: m.actor }, outcome: { query: (reply as ReplyTo<typeof m>).query?.key ?? null }, ...(m.why ? { why: readableWhy(m.why) } : {}), msg };
    case 'params': {
      const r = reply as ReplyTo<typeof m>;
      return { action: 'params', episode, outcome: { version: r.version, frozen: r.frozen, replay: r.replay?.steps.length ?? 0, workflow: r.workflow?.id }, msg };
    }
    case 'gradients':
      return { action: 'gradients', episode, input: { baseVersion: m.baseVersion, steps: m.steps, reward: m.reward, loss: m.loss }, outcome: { version: (reply as ReplyTo<typeof m>).version }, msg };
    case 'rollout':
      return { action: 'rollout', episode, input: { actor: m.actor, totalReward: m.totalReward, decisions: m.decisions, workflowId: m.workflowId }, msg };
    case 'listing':
      return { action: 'listing', episode, input: { formKey: m.formKey, links: m.links.length }, outcome: reply, msg };
    case 'query-result':
      return { action: 'query-result', episode, input: { formKey: m.formKey, queryKey: m.queryKey, resultPages: m.resultPages, results: m.recordLinks.length, reportedTotal: m.reportedTotal, failed: m.failed ?? false }, outcome: reply, msg };
    case 'record':
      return { action: 'record', episode, input: { url: m.url, title: m.title, attributes: Object.keys(m.attributes).length }, outcome: reply, msg };
    case 'allowed':
      return { action: 'allowed', episode, input: { url: m.url }, outcome: reply, msg };
    case 'episode-start':
      return { action: 'episode-start', episode, input: { kind: m.kind, startUrl: m.startUrl, attempt: m.attempt, formKey: m.formKey }, msg };
    case 'episode-end':
      return { action: 'episode-end', episode, input: { ok: m.ok, steps: m.steps, queries: m.queries, moreWork: m.moreWork }, outcome: m.error ? { error: m.error } : undefined, msg };
  }
}
