import { describe, expect, it } from 'vitest';
import { messageDigest, messageTraceRow } from '../../src/coordinator/message-trace.ts';
import { compareRows, recordedMessageRows, type RecordedMessageRow } from '../../src/coordinator/replay.ts';
import { STOP_KEY, type AgentMessage } from '../../src/coordinator/messages.ts';
import type { ChoiceExplanation } from '../../src/policy/choice-explanation.ts';
import { stableJson } from '../../src/store/index.ts';

const A = 'http://127.0.0.1:8101';
const B = 'http://127.0.0.1:40000';

function page(origin: string, title = 'Gallery'): AgentMessage {
  return { type: 'page', episodeId: 'e1', url: `${origin}/search`, finalUrl: `${origin}/search`, depth: 1, kind: 'surface', via: 'link', score: 0.1, title, status: 200, text: 'Search the collection', links: [`${origin}/`, 'http://example.org/'] };
}

/** A recorded row as the trace holds it (seq, t added by the store). */
function recorded(m: AgentMessage, reply: unknown, origins: string[], seq = 7): RecordedMessageRow {
  return { seq, t: 1, ...messageTraceRow(m, reply, origins) } as RecordedMessageRow;
}

describe('stableJson', () => {
  it('gives the same text whatever the key order', () => {
    expect(stableJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(stableJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
  });
});

describe('message digests', () => {
  it('name the run’s own site {site}: the same site on another port has the same digest', () => {
    expect(messageDigest(page(A), [A])).toBe(messageDigest(page(B), [B]));
    expect(messageDigest(page(A), [A])).not.toBe(messageDigest(page(B), [A]));
  });

  it('digested as recorded at other origins, equal the recording’s own: the same rule as ever, so old traces replay', () => {
    const m = { ...page(B), url: `${B}/find?surfacer-result=${encodeURIComponent(`${B}/find#form0|q=x|2`)}` } as AgentMessage;
    const atA = JSON.parse(JSON.stringify(m).split(B).join(A).split(encodeURIComponent(B)).join(encodeURIComponent(A))) as AgentMessage;
    expect(messageDigest(m, [B], { recordedOrigins: [A] })).toBe(messageDigest(atA, [A]));
    expect(messageDigest(m, [B])).not.toBe(messageDigest(atA, [A]));
    expect(messageDigest(m, [B], { recordedOrigins: [A], encodedOrigins: true })).toBe(messageDigest(atA, [A], { encodedOrigins: true }));
  });

  it('with encoded origins named too (traces since then), a result page keyed by its query has one digest on any port', () => {
    const keyed = (o: string) => ({ ...page(o), url: `${o}/find?surfacer-result=${encodeURIComponent(`${o}/find#form0|q=x|2`)}` }) as AgentMessage;
    expect(messageDigest(keyed(A), [A], { encodedOrigins: true })).toBe(messageDigest(keyed(B), [B], { encodedOrigins: true }));
    expect(messageDigest(keyed(A), [A])).not.toBe(messageDigest(keyed(B), [B]));
  });

  it('change with what the page says', () => {
    expect(messageDigest(page(A, 'Gallery'), [A])).not.toBe(messageDigest(page(A, 'Galery'), [A]));
  });

  it('leave error texts out (they carry timings), not whether an episode failed', () => {
    const end = (ok: boolean, error?: string): AgentMessage => ({ type: 'episode-end', episodeId: 'e3', ok, steps: 0, queries: 0, moreWork: false, error, assignment: { kind: 'explore', startUrl: `${A}/x`, depth: 1, via: 'link' } });
    expect(messageDigest(end(false, 'Timeout 20000ms exceeded'), [A])).toBe(messageDigest(end(false, 'Timeout 20031ms exceeded'), [A]));
    expect(messageDigest(end(false, 'x'), [A])).not.toBe(messageDigest(end(true), [A]));
  });
});

describe('trace rows of messages', () => {
  it('a page row holds its observation digest and a readable outcome', () => {
    const row = messageTraceRow(page(A), { fresh: true }, [A]);
    expect(row.action).toBe('page');
    expect(row.msg).toEqual({ type: 'page', digest: messageDigest(page(A), [A]) });
    expect(row.outcome).toMatchObject({ observation: row.msg.digest, status: 200, kind: 'surface', title: 'Gallery', links: 2, fresh: true });
  });

  it('a next-query row holds the query the coordinator chose', () => {
    const row = messageTraceRow({ type: 'next-query', episodeId: 'e4', formKey: `${A}/search#form0` }, { query: { key: 'k1', values: {}, terms: [] } }, [A]);
    expect(row.outcome).toEqual({ query: 'k1' });
    expect(messageTraceRow({ type: 'next-query', episodeId: 'e4', formKey: 'f' }, { query: null }, [A]).outcome).toEqual({ query: null });
  });


  it('with --trace-choices a next-query row lists the offered actions and their inputs; the digest and the plain row are unchanged', () => {
    const formKey = `${A}/search#form0`;
    const m: AgentMessage = { type: 'next-query', episodeId: 'e4', formKey, choose: 'agent' };
    const choices = {
      keys: [`${formKey}|[["q","network"]]`, STOP_KEY],
      inputs: [
        { features: [0.123456, 1], tokens: [5, 0, 0], yieldEstimate: [0.5, 0.25, 1], prior: 1 / 3 },
        { features: [0, 0], tokens: [0, 0, 0], prior: 0 },
      ],
      elements: [],
      context: [0.1, 2 / 3],
      pageTokens: [],
    };
    const plain = messageTraceRow(m, { query: null, choices }, [A]);
    expect(plain.outcome).toEqual({ choices: 2 });
    const detailed = messageTraceRow(m, { query: null, choices }, [A], { choices: true });
    expect(detailed.msg).toEqual(plain.msg);
    expect(detailed.outcome).toEqual({
      choices: 2,
      context: [0.1, 0.6667],
      offered: [
        { key: '[["q","network"]]', features: [0.1235, 1], yieldEstimate: [0.5, 0.25, 1], prior: 0.3333 },
        { key: 'stop', features: [0, 0], prior: 0 },
      ],
    });
  });
  it('a claim row says why the policy took the query, with the others named by their values; the digest ignores the why', () => {
    const formKey = `${A}/search#form0`;
    const claim = (why?: ChoiceExplanation): AgentMessage => ({ type: 'claim-query', episodeId: 'e5', formKey, queryKey: `${formKey}|[["q","network"]]`, actor: 'policy', ...(why ? { why } : {}) });
    const why: ChoiceExplanation = { probability: 0.41, prior: 0.83, rank: 1, offered: 12, others: [{ key: `${formKey}|[["q","guide"]]`, probability: 0.2, prior: 1 }] };
    const row = messageTraceRow(claim(why), { query: { key: 'k', values: { q: 'network' }, terms: ['network'] } }, [A]);
    expect(row['why']).toEqual({ ...why, others: [{ key: '[["q","guide"]]', probability: 0.2, prior: 1 }] });
    expect(row.msg.digest).toBe(messageDigest(claim(), [A]));
    expect(messageTraceRow(claim(), { query: null }, [A])).not.toHaveProperty('why');
  });

  it('agent actions keep their own name; coordinator rows without msg are not replayed', () => {
    const row = messageTraceRow({ type: 'trace', episodeId: 'e2', action: 'submit', input: { formKey: 'f', values: { q: 'blue' } } }, { ok: true }, [A]);
    expect(row.action).toBe('submit');
    const rows = recordedMessageRows([{ seq: 0, t: 0, action: 'run-start' }, { seq: 1, t: 0, action: 'form-found' }, { seq: 2, t: 0, ...row }]);
    expect(rows.map((r) => r.seq)).toEqual([2]);
  });
});

describe('compareRows (replay)', () => {
  it('agrees on the same message at another port', () => {
    const live = messageTraceRow(page(B), { fresh: true }, [B]);
    expect(compareRows(recorded(page(A), { fresh: true }, [A]), live, [A], [B])).toBeNull();
  });

  it('agrees on a result page keyed by its query, whose address holds the origin percent-encoded', () => {
    // Script-built results stay at one URL; the agent keys their pages `?surfacer-result=<form address>|…`.
    const resultPage = (origin: string) => {
      const url = `${origin}/find?q=graphical&surfacer-result=${encodeURIComponent(`${origin}/find#form0|q=graphical|2`)}`;
      return { ...page(origin), url, finalUrl: `${origin}/find?q=graphical`, kind: 'result', via: 'pagination' } as AgentMessage;
    };
    const rec = recorded(resultPage(A), { fresh: true }, [A]);
    // Digested at the live origins alone, the encoded origin still differs (the divergence this guards against).
    expect(compareRows(rec, messageTraceRow(resultPage(B), { fresh: true }, [B]), [A], [B])).not.toBeNull();
    expect(compareRows(rec, messageTraceRow(resultPage(B), { fresh: true }, [B], { recordedOrigins: [A] }), [A], [B])).toBeNull();
    // Digested as recorded, a page that really changed still differs.
    const changed = { ...resultPage(B), text: 'Other results' } as AgentMessage;
    expect(compareRows(rec, messageTraceRow(changed, { fresh: true }, [B], { recordedOrigins: [A] }), [A], [B])).toContain('answered differently from the recording');
  });

  it('names the page and what differed', () => {
    const live = messageTraceRow(page(B, 'Music Hall'), { fresh: true }, [B]);
    const why = compareRows(recorded(page(A), { fresh: true }, [A]), live, [A], [B]);
    expect(why).toContain(`page ${A}/search`);
    expect(why).toContain('title "Gallery" → "Music Hall"');
  });

  it('reports a different kind of step', () => {
    const live = messageTraceRow({ type: 'links', episodeId: 'e1', fromUrl: `${B}/search`, depth: 1, links: [] }, { accepted: 0 }, [B]);
    expect(compareRows(recorded(page(A), { fresh: true }, [A]), live, [A], [B])).toMatch(/^the recording has page .*; the replay got links/);
  });

  it('says when a message differs only in what its row does not show', () => {
    const forms = (origin: string, probability: number): AgentMessage => ({ type: 'forms', episodeId: 'e1', pageUrl: `${origin}/`, depth: 0, forms: [{ index: 0, formType: 'login', probability, method: 'POST' }], searchForms: [] });
    const live = messageTraceRow(forms(B, 0.91), { ok: true }, [B]);
    expect(compareRows(recorded(forms(A, 0.97), { ok: true }, [A]), live, [A], [B])).toBe('forms {"pageUrl":"{site}/"} differs in a detail its trace row does not show (such as a classifier\'s probability)');
    const other = messageTraceRow({ ...forms(B, 0.97), forms: [{ index: 0, formType: 'search', probability: 0.97, method: 'GET' }] } as AgentMessage, { ok: true }, [B]);
    expect(compareRows(recorded(forms(A, 0.97), { ok: true }, [A]), other, [A], [B])).toContain('recorded {"searchForms":[],"types":["login"]}, now {"searchForms":[],"types":["search"]}');
  });

  it('reports a coordinator that answers the same message differently', () => {
    const m: AgentMessage = { type: 'next-query', episodeId: 'e4', formKey: `${A}/search#form0` };
    const live = messageTraceRow({ ...m, formKey: `${B}/search#form0` }, { query: { key: `${B}/search#form0|q=red`, values: {}, terms: [] } }, [B]);
    const rec = recorded(m, { query: { key: `${A}/search#form0|q=blue`, values: {}, terms: [] } }, [A]);
    expect(compareRows(rec, live, [A], [B])).toContain('answered next-query differently');
  });
});
