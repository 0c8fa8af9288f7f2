/**
 * The one wink-nlp instance of the process. The English model takes ~100 ms and a few MB to
 * load, so it is required on first use, not at import time.
 */
import { createRequire } from 'node:module';
import type WinkFn from 'wink-nlp';

type WinkNlp = ReturnType<typeof WinkFn>;

/** A token as the LVS code uses it. */
export interface NlpToken {
  /** Surface text. */
  text: string;
  /** Lower-cased normal form. */
  normal: string;
  lemma: string;
  /** Universal POS tag (NOUN, PROPN, VERB …). */
  pos: string;
  stop: boolean;
  /** wink token type: word, number, punctuation, symbol, email, url … */
  type: string;
}

let instance: WinkNlp | undefined;

function nlp(): WinkNlp {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkFn;
    const model = require('wink-eng-lite-web-model') as Parameters<typeof WinkFn>[0];
    instance = winkNLP(model);
  }
  return instance;
}

/** Tokenises, POS-tags and lemmatises `text`. */
export function analyse(text: string): NlpToken[] {
  const w = nlp();
  const its = w.its;
  const tokens = w.readDoc(text).tokens();
  const texts = tokens.out() as string[];
  const normals = tokens.out(its.normal) as string[];
  // wink's typings declare its.lemma with a raw-document signature; at runtime it is a token its-function.
  const lemmas = tokens.out(its.lemma as unknown as typeof its.normal) as string[];
  const pos = tokens.out(its.pos) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const types = tokens.out(its.type) as string[];
  return texts.map((t, i) => ({
    text: t,
    normal: normals[i] ?? t.toLowerCase(),
    lemma: (lemmas[i] ?? t).toLowerCase(),
    pos: pos[i] ?? 'X',
    stop: stops[i] ?? false,
    type: types[i] ?? 'word',
  }));
}
