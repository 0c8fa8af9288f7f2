/**
 * HiWE's label matching: which LVS label (if any) a form field stands for, and therefore
 * where its values come from. Field evidence is its visible label, placeholder and its
 * name/id attribute words; each is compared to every LVS label and alias by exact words,
 * by lemmas (wink-nlp), and the best explainable match wins.
 */
import { isQueryName, nameTokens } from './field-tokens.ts';
import { analyse } from './nlp.ts';
import { keywordLabel } from './tables.ts';
import type { FieldInfo, FieldOption, FieldValueSource, LvsLabel, LvsTable } from './types.ts';

/** Input types that never take query values. */
const NEVER_FILLED_TYPES = new Set(['password', 'hidden', 'submit', 'button', 'image', 'reset', 'file', 'email', 'tel', 'color']);
const NUMERIC_TYPES = new Set(['number', 'range', 'date', 'month', 'week', 'datetime-local', 'time']);
const NUMERIC_KINDS = new Set(['year', 'number', 'range']);

/** Words of fields that hold personal or account data, never search values. */
const PERSONAL_WORDS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'email', 'e-mail', 'username', 'login', 'signin', 'captcha', 'phone', 'telephone', 'cvv', 'cvc', 'message', 'comment', 'comments', 'subscribe', 'newsletter']);
const PERSONAL_PHRASES = ['first name', 'last name', 'full name', 'your name', 'user name', 'credit card', 'card number', 'confirm password', 'e mail', 'postal address', 'street address', 'date of birth'];

/** Option texts that mean "no restriction" rather than a value. */
const PLACEHOLDER_OPTION = /^\s*(?:any(?:\s+\w+)?|all(?:\s+\w+)?|every\w*|none|no preference|not specified|n\/a|-+.*|—.*|–.*|\(.*\)|\[.*\]|choose.*|select.*|please.*|pick.*|\*|\.\.\.|)\s*$/i;

/** Range-end words, as they appear in labels ("Year from", "Max price", "Published after"). */
const MIN_WORDS = new Set(['min', 'minimum', 'from', 'start', 'starting', 'begin', 'low', 'lowest', 'lower', 'earliest', 'after', 'since', 'least', 'above', 'over']);
const MAX_WORDS = new Set(['max', 'maximum', 'to', 'end', 'ending', 'until', 'till', 'through', 'high', 'highest', 'upper', 'latest', 'before', 'most', 'below', 'under']);

/** Words around the concept that carry no meaning of their own ("Enter your artist name"). */
const FILLER = new Set(['enter', 'your', 'a', 'an', 'the', 'by', 'of', 'or', 'and', 'for', 'in', 'on', 'with', 'at', 'is', 'select', 'choose', 'please', 'here', 'optional', 'required', 'e', 'g', 'eg', 'ie', 'type', 'name', 'names', 'any', 'all', 'etc', 'value']);

/** Verbs of searching: "Search artists" is about artists, so they do not dilute an attribute match. */
const QUERY_VERBS = new Set(['search', 'find', 'look', 'lookup', 'browse', 'filter']);

/** How much each kind of evidence counts: what the user sees is the best witness. */
const SOURCE_WEIGHT = { label: 1, placeholder: 0.85, name: 0.8, id: 0.75 } as const;
type Source = keyof typeof SOURCE_WEIGHT;
const MODE_WEIGHT = { exact: 1, token: 0.9, lemma: 0.85 } as const;
type Mode = keyof typeof MODE_WEIGHT;
/** The general keyword label yields to a specific attribute label when both match ("Search artists"). */
const KEYWORD_DISCOUNT = 0.85;
const MIN_SCORE = 0.3;

interface Phrase {
  tokens: string[];
  lemmas: string[];
  significant: number;
}

interface IndexedKey {
  text: string;
  phrase: Phrase;
  isLabelName: boolean;
}

interface IndexedLabel {
  label: LvsLabel;
  keys: IndexedKey[];
  isKeyword: boolean;
}

/** One candidate LVS label for a field, with the evidence that made it. */
export interface LvsCandidate {
  label: LvsLabel;
  score: number;
  matchedBy: string;
}

const tableIndex = new WeakMap<LvsTable, IndexedLabel[]>();
const phraseCache = new Map<string, Phrase>();

/** Decides where the values of `field` come from, given the domain's LVS table. */
export function matchFieldToLvs(field: FieldInfo, table: LvsTable): FieldValueSource {
  const type = (field.type || '').toLowerCase();
  const tag = (field.tag || '').toLowerCase();
  if (NEVER_FILLED_TYPES.has(type)) return { kind: 'none', reason: `type:${type}` };

  const hasOptions = tag === 'select' || type === 'radio' || type.startsWith('select') || (type === 'checkbox' && (field.options?.length ?? 0) > 1);
  if (hasOptions) {
    const options = realOptions(field.options ?? []);
    return options.length ? { kind: 'options', options } : { kind: 'none', reason: 'no-real-options' };
  }
  if (type === 'checkbox') return { kind: 'none', reason: 'type:checkbox' };

  const sources = fieldSources(field);
  const personal = personalWord(sources);
  if (personal) return { kind: 'none', reason: `personal:${personal}` };

  const candidates = rankLvsLabels(field, table);
  const best = candidates[0];
  const rangeEnd = detectRangeEnd(sources);

  if (rangeEnd) {
    const numericBest = candidates.find((c) => NUMERIC_KINDS.has(c.label.kind ?? 'text'));
    if (numericBest && (!best || numericBest === best || NUMERIC_TYPES.has(type) || best.score - numericBest.score < 0.2)) {
      return { kind: 'range', end: rangeEnd.end, label: numericBest.label, matchedBy: `${rangeEnd.by}+${numericBest.matchedBy}` };
    }
    // A lone "from"/"to" box, or a numeric input: a range end over something unnamed.
    if (!best || NUMERIC_TYPES.has(type)) return { kind: 'range', end: rangeEnd.end, matchedBy: rangeEnd.by };
    // Otherwise the range word was incidental ("Search from the archive").
  }

  if (best) {
    const keyword = keywordLabel(table);
    if (best.label === keyword) return { kind: 'keyword', label: keyword, score: best.score, matchedBy: best.matchedBy };
    return { kind: 'lvs', label: best.label, score: best.score, matchedBy: best.matchedBy };
  }
  if (isQueryName(field.name) || (field.id && isQueryName(field.id))) {
    return { kind: 'keyword', label: keywordLabel(table), score: SOURCE_WEIGHT.name, matchedBy: `name:${field.name || field.id}` };
  }
  if (type === 'search') return { kind: 'keyword', label: keywordLabel(table), score: 0.5, matchedBy: 'type:search' };
  return { kind: 'none', reason: 'no-match' };
}

/** All LVS labels that match the field at all, best first (for explanations and debugging). */
export function rankLvsLabels(field: FieldInfo, table: LvsTable): LvsCandidate[] {
  const sources = fieldSources(field);
  const out: LvsCandidate[] = [];
  for (const entry of indexTable(table)) {
    let best: LvsCandidate | undefined;
    for (const [source, phrase] of sources) {
      for (const key of entry.keys) {
        const mode = matchMode(phrase, key.phrase);
        if (!mode) continue;
        // Keys made only of filler ("type") count only when they are the whole label.
        if (mode !== 'exact' && key.phrase.significant === 0 && key.phrase.tokens.every((t) => FILLER.has(t))) continue;
        const keySignificant = key.phrase.significant || key.phrase.tokens.length;
        const coverage = Math.min(1, keySignificant / Math.max(1, phrase.significant));
        let score = SOURCE_WEIGHT[source] * MODE_WEIGHT[mode] * (0.5 + 0.5 * coverage) + 0.03 * (key.phrase.tokens.length - 1);
        if (entry.isKeyword && mode !== 'exact') score *= KEYWORD_DISCOUNT;
        if (score < MIN_SCORE || (best && best.score >= score)) continue;
        best = { label: entry.label, score: round(score), matchedBy: explain(source, mode, key) };
      }
    }
    if (best) out.push(best);
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Options of a select/radio group that stand for a value (not "Any", "All", "-- choose --", ""). */
export function realOptions(options: readonly { value: string; text: string }[]): FieldOption[] {
  const out: FieldOption[] = [];
  const seen = new Set<string>();
  for (const o of options) {
    const text = (o.text ?? '').trim();
    const value = o.value ?? '';
    if (value.trim() === '' || isPlaceholderOption(text) || seen.has(value)) continue;
    seen.add(value);
    out.push({ value, text });
  }
  return out;
}

export function isPlaceholderOption(text: string): boolean {
  return PLACEHOLDER_OPTION.test(text);
}

function explain(source: Source, mode: Mode, key: IndexedKey): string {
  if (source !== 'label') return `${source}:${key.text}`;
  if (mode === 'lemma') return `lemma:${key.text}`;
  return key.isLabelName ? `label:${key.text}` : `alias:${key.text}`;
}

function matchMode(field: Phrase, key: Phrase): Mode | null {
  if (key.tokens.length === 0 || field.tokens.length === 0) return null;
  if (field.tokens.join(' ') === key.tokens.join(' ')) return 'exact';
  if (containsRun(field.tokens, key.tokens)) return 'token';
  if (containsRun(field.lemmas, key.lemmas)) return 'lemma';
  return null;
}

function containsRun(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function fieldSources(field: FieldInfo): [Source, Phrase][] {
  const out: [Source, Phrase][] = [];
  if (field.label?.trim()) out.push(['label', phraseOf(field.label)]);
  if (field.placeholder?.trim()) out.push(['placeholder', phraseOf(field.placeholder)]);
  const name = nameTokens(field.name ?? '');
  if (name.length) out.push(['name', phraseOf(name.join(' '))]);
  if (field.id && field.id !== field.name) {
    const id = nameTokens(field.id);
    if (id.length) out.push(['id', phraseOf(id.join(' '))]);
  }
  return out;
}

function personalWord(sources: [Source, Phrase][]): string | undefined {
  for (const [, p] of sources) {
    const hit = p.tokens.find((t) => PERSONAL_WORDS.has(t));
    if (hit) return hit;
    const joined = ` ${p.tokens.join(' ')} `;
    const phrase = PERSONAL_PHRASES.find((x) => joined.includes(` ${x} `));
    if (phrase) return phrase;
  }
  return undefined;
}

function detectRangeEnd(sources: [Source, Phrase][]): { end: 'min' | 'max'; by: string } | undefined {
  for (const [source, p] of sources) {
    for (const t of p.tokens) {
      if (MIN_WORDS.has(t)) return { end: 'min', by: `${source}:${t}` };
      if (MAX_WORDS.has(t)) return { end: 'max', by: `${source}:${t}` };
    }
  }
  return undefined;
}

function indexTable(table: LvsTable): IndexedLabel[] {
  let index = tableIndex.get(table);
  if (!index) {
    const keyword = keywordLabel(table);
    index = table.labels.map((label) => ({
      label,
      isKeyword: label === keyword,
      keys: [label.label, ...label.aliases].map((text, i) => ({ text: text.toLowerCase(), phrase: phraseOf(text), isLabelName: i === 0 })),
    }));
    tableIndex.set(table, index);
  }
  return index;
}

/** Lower-cased words and lemmas of a short text (labels, aliases, name words). */
function phraseOf(text: string): Phrase {
  const key = text.toLowerCase().trim();
  const cached = phraseCache.get(key);
  if (cached) return cached;
  const tokens = analyse(key.replace(/[_/]+/g, ' ')).filter((t) => t.type === 'word' || t.type === 'number' || t.type === 'hashtag');
  const phrase: Phrase = {
    tokens: tokens.map((t) => t.normal),
    lemmas: tokens.map((t) => singular(t.lemma)),
    significant: tokens.filter((t) => !FILLER.has(t.normal) && !QUERY_VERBS.has(t.normal) && !MIN_WORDS.has(t.normal) && !MAX_WORDS.has(t.normal)).length,
  };
  if (phraseCache.size > 5000) phraseCache.clear();
  phraseCache.set(key, phrase);
  return phrase;
}

/** wink leaves some plurals alone ("keywords"); a light fallback so they meet their singular. */
function singular(lemma: string): string {
  if (lemma.length > 3 && lemma.endsWith('s') && !lemma.endsWith('ss') && !lemma.endsWith('us') && !lemma.endsWith('is')) return lemma.slice(0, -1);
  return lemma;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
