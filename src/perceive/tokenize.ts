/**
 * Tokenisers for the form features. Text (labels, form text, submit texts, titles) goes
 * through wink-nlp (tokeniser only: no POS pipe, for speed) with a bounded memo, since the
 * same labels and form texts recur across the pages of a site. Identifiers (name, id, class,
 * URLs) are split by a regex on camelCase, '_', '-', digits and punctuation.
 */
import { createRequire } from 'node:module';
import type WinkFn from 'wink-nlp';

type WinkNlp = ReturnType<typeof WinkFn>;
let wink: WinkNlp | undefined;

function winkInstance(): WinkNlp {
  if (!wink) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkFn;
    const model = require('wink-eng-lite-web-model') as Parameters<typeof WinkFn>[0];
    wink = winkNLP(model, []);
  }
  return wink;
}

const MEMO_LIMIT = 20_000;
const memo = new Map<string, string[]>();

/** Lower-cased word and number tokens of natural-language text, by wink-nlp. */
export function textTokens(text: string): string[] {
  const key = text.length > 600 ? text.slice(0, 600) : text;
  if (!key.trim()) return [];
  const hit = memo.get(key);
  if (hit) return hit;
  const w = winkInstance();
  const tokens = w.readDoc(key).tokens();
  const normals = tokens.out(w.its.normal) as string[];
  const types = tokens.out(w.its.type) as string[];
  const out: string[] = [];
  for (let i = 0; i < normals.length; i++) {
    const t = types[i];
    if (t === 'punctuation' || t === 'symbol' || t === 'unk' || t === 'tabCRLF') continue;
    const n = normals[i] as string;
    out.push(t === 'number' ? '<num>' : n);
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, out);
  return out;
}

/** Parts of an identifier: "userName_2" -> ["user", "name"], "loginForm" -> ["login", "form"]. */
export function identTokens(ident: string | undefined): string[] {
  if (!ident) return [];
  return ident
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length > 1);
}

/** Character n-grams of a lower-cased string, with boundary marks. */
export function charNgrams(s: string, n = 3): string[] {
  const t = `^${s.toLowerCase()}$`;
  const out: string[] = [];
  for (let i = 0; i + n <= t.length; i++) out.push(t.slice(i, i + n));
  return out;
}

/** Tokens of a URL's path and query (the host says little about the form). */
export function urlTokens(url: string): string[] {
  try {
    const u = new URL(url);
    return identTokens(`${u.pathname} ${u.search}`);
  } catch {
    return identTokens(url);
  }
}
