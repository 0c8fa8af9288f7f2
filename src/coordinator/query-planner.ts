/**
 * Turns a search form into the queries that may be issued on it: which field takes the
 * keyword, which drop-downs are query dimensions, what required fields must hold. The
 * strategies then choose among these candidates; they never look at the form themselves.
 */
import { extractTerms, matchFieldToLvs, type KeywordPool, type LvsTable, type TermStats, type ValueWeights } from '../lvs/index.ts';
import type { QueryCandidate } from '../strategies/types.ts';
import type { FormFieldInfo, SearchFormInfo } from './messages.ts';
import type { AnswerSize } from './refinements.ts';
import { queryKey, valuesOfQueryKey } from './query-key.ts';

/** Option texts that mean "no restriction" rather than a value to query by. */
const ANY_OPTION = /^\s*(?:any|all|every|none|--.*|—.*|choose.*|select.*|please.*|\*|)\s*$/i;
const TEXT_TYPES = new Set(['text', 'search', '', 'textarea']);
const QUERY_FIELD_TYPES = new Set(['search query']);
/** Surface words on more than this share of pages are boilerplate. */
const BOILERPLATE_SHARE = 0.5;
/**
 * Below this many surface pages read, a word of one page counts as content. A crawler that read
 * only a home page and a search page otherwise had no site word to ask: a word on both is chrome,
 * and one on one alone failed the two-page rule. On sports the table's values are in no headline,
 * so such a form asked table values until it read more pages.
 */
const FEW_SURFACE_PAGES = 4;
const POOL_CANDIDATES = 400;
/**
 * Function words offered per keyword form: the commonest in the site's records alone ("the"
 * matches 299 of home's 300 records). The next ones match mostly the same records: offered the
 * three commonest, generic-frequency asked "of" and "and" after "the", read 20 result pages each
 * for 0 to 18 new records, and its harvest rate was lower on all four keyword test sites than
 * with one (bench-results/function-words/three-words/).
 */
const FUNCTION_WORD_CANDIDATES = 1;

export interface FormPlan {
  formKey: string;
  /** The free-text field that takes the keyword, when the form has one. */
  queryField?: FormFieldInfo;
  /** Drop-downs and radio groups whose options are query values. */
  optionFields: { field: FormFieldInfo; options: { value: string; text: string }[] }[];
  /** Values every submission must carry (required fields, range ends). */
  fixed: Record<string, string>;
  /**
   * Drop-downs of a keyword form that every query carries one option of (`heldOptionTurn`):
   * required ones (`fixed` holds their first option) and categories without an "any" option
   * (`isScopeWithoutAny`). Their options take turns.
   */
  held: { field: FormFieldInfo; options: { value: string; text: string }[] }[];
}

export function isOptionPlaceholder(option: { value: string; text: string }): boolean {
  return option.value.trim() === '' || ANY_OPTION.test(option.text);
}

function isTextInput(f: FormFieldInfo): boolean {
  return f.tag === 'textarea' || (f.tag === 'input' && TEXT_TYPES.has(f.type.toLowerCase()));
}

/**
 * A category drop-down without an "any" option, not marked required: the browser submits its
 * selected option with every query all the same, so a keyword query left it at that one
 * category. Only what the field model calls a category (a "sort by" or "style" drop-down
 * scopes nothing), single choice, two options or more.
 */
function isScopeWithoutAny(field: FormFieldInfo, options: readonly { value: string; text: string }[]): boolean {
  return field.tag === 'select' && field.type !== 'select-multiple' && field.fieldType === 'search category / refinement' && options.length >= 2 && options.length === field.options?.length;
}

/** Decides the role of every visible field of a search form. */
export function planForm(form: SearchFormInfo, table: LvsTable, weights: ValueWeights): FormPlan {
  const visible = form.fields.filter((f) => !f.hidden && f.fieldType !== 'submit button' && !['submit', 'button', 'image', 'reset'].includes(f.type));
  const texts = visible.filter(isTextInput);
  const queryField = texts.find((f) => QUERY_FIELD_TYPES.has(f.fieldType)) ?? (texts.length === 1 ? texts[0] : texts.find((f) => matchFieldToLvs(toFieldInfo(f), table).kind === 'keyword'));
  const optionFields: FormPlan['optionFields'] = [];
  const held: FormPlan['held'] = [];
  const fixed: Record<string, string> = {};
  for (const field of visible) {
    if (field === queryField) continue;
    const source = matchFieldToLvs(toFieldInfo(field), table);
    if (field.options && field.options.length) {
      const options = field.options.filter((o) => !isOptionPlaceholder(o));
      if (field.type === 'checkbox') continue;
      if (options.length) optionFields.push({ field, options });
      if (field.required && options[0]) {
        fixed[field.name] = options[0].value;
        if (queryField && field.type !== 'radio') held.push({ field, options });
      } else if (queryField && isScopeWithoutAny(field, options)) held.push({ field, options });
      continue;
    }
    if (source.kind === 'range') {
      // Range ends widen to everything the table knows, so they never hide records.
      const values = (source.label?.values ?? []).map((v) => Number(v.value)).filter((n) => Number.isFinite(n));
      if (field.required && values.length) fixed[field.name] = String(source.end === 'min' ? Math.min(...values) : Math.max(...values));
      continue;
    }
    if (field.required && isTextInput(field)) {
      const label = source.kind === 'lvs' || source.kind === 'keyword' ? source.label : undefined;
      const top = label ? weights.ranked(label.label)[0] : undefined;
      if (top) fixed[field.name] = top.value;
    }
  }
  return { formKey: form.formKey, queryField, optionFields, fixed, held };
}

/**
 * A held option is passed over once this many words that listed records under another option
 * listed nothing under it, and it never listed any: its part of the site is empty, or shares
 * no word with the rest. Misses alone say little — a section of eight reports misses most
 * words of a table — so only words the site answered elsewhere count against it.
 */
export const DRY_HELD_OPTION_QUERIES = 3;

/**
 * The options of a keyword form's required drop-downs (`FormPlan.held`) that its next keyword
 * queries carry. Such a drop-down cannot be left at "any": a category a search must be scoped
 * to. Held at its first option, every keyword query searched that category alone and the rest
 * of the site stayed out of reach however many words were asked. So the options take turns:
 * each next keyword query goes under the option that has had the fewest so far (ties in the
 * form's order), which splits the query budget evenly over the site's parts, passing over an
 * option that has gone dry (`DRY_HELD_OPTION_QUERIES`). Worked out from the queries issued
 * (their keys hold their values) and their answers, so a resumed crawl takes the same turn.
 */
export function heldOptionTurn(plan: FormPlan, issued: Iterable<string>, answers?: ReadonlyMap<string, AnswerSize>): Record<string, string> {
  if (!plan.queryField || !plan.held.length) return {};
  const keywordField = plan.queryField.name;
  // Per held field: per option, the keyword queries it had and what each word listed under it.
  const asked = plan.held.map(() => new Map<string, { queries: number; listedByWord: Map<string, number> }>());
  for (const key of issued) {
    const values = valuesOfQueryKey(key);
    const word = values[keywordField];
    if (!word) continue;
    const answer = answers?.get(key);
    plan.held.forEach(({ field }, i) => {
      const value = values[field.name];
      if (value === undefined) return;
      let tally = asked[i]!.get(value);
      if (!tally) asked[i]!.set(value, (tally = { queries: 0, listedByWord: new Map() }));
      tally.queries++;
      // An unanswered query (a timeout, a lost form) says nothing of the option.
      if (answer && !answer.unanswered) tally.listedByWord.set(word, (tally.listedByWord.get(word) ?? 0) + answer.listed);
    });
  }
  const turn: Record<string, string> = {};
  plan.held.forEach(({ field, options }, i) => {
    const tallies = asked[i]!;
    const queries = (o: { value: string }) => tallies.get(o.value)?.queries ?? 0;
    const dry = (o: { value: string }) => {
      const mine = tallies.get(o.value)?.listedByWord;
      if (!mine || [...mine.values()].some((n) => n > 0)) return false;
      const answeredElsewhere = [...mine.keys()].filter((w) => [...tallies].some(([v, t]) => v !== o.value && (t.listedByWord.get(w) ?? 0) > 0));
      return answeredElsewhere.length >= DRY_HELD_OPTION_QUERIES;
    };
    const live = options.filter((o) => !dry(o));
    const pool = live.length ? live : options;
    let best = pool[0]!;
    for (const o of pool) if (queries(o) < queries(best)) best = o;
    turn[field.name] = best.value;
  });
  return turn;
}

function toFieldInfo(f: FormFieldInfo) {
  return { label: f.label, name: f.name, tag: f.tag, type: f.type, placeholder: f.placeholder, options: f.options };
}

/**
 * All unissued queries for a form: keywords (LVS keyword values in table order, then terms
 * harvested from its site's records and their commonest function word, and `openingWord` when
 * given) when it has a text field, and each single option of its drop-downs (others left at
 * "any") — the dimensions a select-only form offers.
 * `listedDf`: a word's document frequency as the form sees it (the held records it would list
 * for the word, `SearchFieldModel.formDocumentFrequency`); without it, words of held records
 * count as listable.
 */
export function candidateQueries(plan: FormPlan, table: LvsTable, weights: ValueWeights, pools: { records: KeywordPool; surface: KeywordPool; functionWords?: KeywordPool; openingWord?: string }, issued: ReadonlySet<string>, listedDf?: (term: string) => number, answers?: ReadonlyMap<string, AnswerSize>): QueryCandidate[] {
  const out: QueryCandidate[] = [];
  const seen = new Map<string, QueryCandidate>();
  // Keyword queries carry this turn's options of the required drop-downs (`heldOptionTurn`).
  const turn = heldOptionTurn(plan, issued, answers);
  const submitted = (values: Record<string, string>) => ({ ...plan.fixed, ...(plan.queryField && plan.queryField.name in values ? turn : {}), ...values });
  const keyOf = (values: Record<string, string>) => queryKey(plan.formKey, submitted(values));
  /** Adds an unissued query (or updates the one with its key) and returns it; undefined once issued. */
  const add = (values: Record<string, string>, terms: string[], source: QueryCandidate['source'], prior?: number, label?: string): QueryCandidate | undefined => {
    const key = keyOf(values);
    if (issued.has(key)) return undefined;
    const earlier = seen.get(key);
    if (earlier) {
      // A table value also seen in this site's record titles is judged by that evidence: a
      // table whose other values miss (category names on a title-only search) must not drag it down.
      if (source === 'title') earlier.source = 'title';
      return earlier;
    }
    const candidate: QueryCandidate = { key, values: submitted(values), terms, source, prior, label };
    seen.set(key, candidate);
    out.push(candidate);
    return candidate;
  };
  if (plan.queryField) {
    const name = plan.queryField.name;
    const source = matchFieldToLvs(toFieldInfo(plan.queryField), table);
    const label = (source.kind === 'lvs' || source.kind === 'keyword') && source.label ? source.label : table.labels.find((l) => l.label === 'keyword');
    for (const v of label ? weights.ranked(label.label) : []) add({ [name]: v.value }, termsOf(v.value), 'lvs', v.weight, label!.label);
    // A matched attribute label (say, company) is not the only vocabulary: the keyword label too.
    const keyword = table.labels.find((l) => l.label === 'keyword');
    if (keyword && keyword !== label) for (const v of weights.ranked(keyword.label)) add({ [name]: v.value }, termsOf(v.value), 'lvs', v.weight, keyword.label);
    // Harvested terms seen in record titles form their own source: title-only search finds
    // nothing with words that only ever occur in record bodies, and the strategy learns which.
    const harvestedSource = (s: TermStats): QueryCandidate['source'] => (s.contexts.some((c) => c.tag === 'title') ? 'title' : 'pool');
    for (const s of pools.records.ranked('df', { limit: POOL_CANDIDATES })) add({ [name]: s.term }, [s.term], harvestedSource(s));
    // The commonest function word of those records: one query that lists most of a site matching
    // such words literally, and that a site dropping them refuses (coordinator/function-words.ts
    // then offers none again). Only the top of the ranking, issued or not: another function word
    // comes only if it overtakes the one asked. Marked, so that rule knows it.
    for (const s of pools.functionWords?.ranked('df', { limit: FUNCTION_WORD_CANDIDATES, minDf: 2 }) ?? []) {
      const added = add({ [name]: s.term }, [s.term], harvestedSource(s));
      if (added) added.functionWord = true;
    }
    // The opening probe (coordinator/function-words.ts), when the coordinator asks for one: before
    // any record, so it comes from no pool; a function word like those above.
    if (pools.openingWord) {
      const added = add({ [name]: pools.openingWord }, [pools.openingWord], 'pool');
      if (added) Object.assign(added, { functionWord: true, opening: true });
    }
    // Words of the site's own surface pages bootstrap sites whose vocabulary the table lacks.
    // Words on most pages are the site's chrome (menus, footers), not its content: left out.
    // Words of page titles rank first: titles name what the site holds.
    const surfaceDocs = Math.max(1, pools.surface.documents);
    const minDf = surfaceDocs < FEW_SURFACE_PAGES ? 1 : 2;
    const content = pools.surface.ranked('df', { minDf }).filter((s) => s.df <= BOILERPLATE_SHARE * surfaceDocs);
    const pageTitles = (s: (typeof content)[number]) => s.contexts.reduce((n, c) => n + (c.tag === 'title' ? c.count : 0), 0);
    const inTitles = (s: (typeof content)[number]) => pageTitles(s) > 0;
    const surfaceTerms = [...content.filter(inTitles), ...content.filter((s) => !inTitles(s))].slice(0, POOL_CANDIDATES);
    for (const s of surfaceTerms) {
      const values = { [name]: s.term };
      const held = seen.get(keyOf(values));
      // A word of several page titles that held records carry only where the form does not
      // search (their text, on a title-only search) is a headline word the harvest has not
      // sampled: the records holding it would be the ones no query has listed. Judged by its
      // count in record text it scored next to nothing, and the four sports reports titled
      // "<name> goal" stayed unfound after every other word was tried. It is judged as a
      // surface word, with the full prior from three page titles on. A word of one page title
      // may be a template's filler ("Rally: a common guide"): its record count stands.
      const titles = pageTitles(s);
      if (held?.source === 'pool' && titles >= 2 && listedDf && listedDf(s.term) < 1) {
        held.source = 'surface';
        held.prior = 0.5 + 0.5 * Math.min(1, (titles - 1) / 2);
        continue;
      }
      add(values, [s.term], 'surface', inTitles(s) ? 0.5 + 0.5 * Math.min(1, (4 * s.df) / surfaceDocs) : (0.5 * s.df) / surfaceDocs);
    }
  }
  // With a required drop-down held at its default, another drop-down's option narrows the
  // query of that default alone, which is itself a candidate (the default's own option).
  const parentKey = keyOf({});
  const heldOptions = plan.optionFields.some(({ field }) => field.name in plan.fixed);
  for (const { field, options } of plan.optionFields) {
    const refines = heldOptions && !(field.name in plan.fixed) ? parentKey : undefined;
    for (const o of options) {
      const added = add({ [field.name]: o.value }, termsOf(o.text), 'options');
      if (refines && added) added.refines = refines;
    }
  }
  if (out.length === 0 && Object.keys(plan.fixed).length === 0 && !plan.queryField && plan.optionFields.length === 0) {
    // A form with nothing to fill (e.g. a single "browse all" button) is still one query.
    add({}, [], 'default');
  }
  for (const c of out) {
    const share = surfaceShare(c.terms, pools.surface);
    if (share !== undefined) c.surfaceShare = share;
  }
  return out;
}

/** A word as the keyword pools count it (none for a function word); memoised, since the same values are offered at every decision. */
const poolWordCache = new Map<string, string[]>();
function poolWords(word: string): string[] {
  let words = poolWordCache.get(word);
  if (!words) {
    words = extractTerms(word).map((w) => w.term);
    if (poolWordCache.size < 50_000) poolWordCache.set(word, words);
  }
  return words;
}

/**
 * The share of the site's surface pages read so far that show every word of `terms` (each
 * word's page count as the surface pool keeps it, the smallest of them: an upper bound for the
 * phrase). Undefined when no page was read or no word is one the pool counts (function words).
 */
export function surfaceShare(terms: readonly string[], surface: KeywordPool): number | undefined {
  if (surface.documents === 0) return undefined;
  const words = terms.flatMap(poolWords);
  if (!words.length) return undefined;
  return Math.min(...words.map((w) => surface.stats(w)?.df ?? 0)) / surface.documents;
}

export function termsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);
}

/** A count for a query of one or more words: its rarest word's (0 for no word). */
export function overWords(term: string, count: (word: string) => number): number {
  const words = termsOf(term);
  return words.length ? Math.min(...words.map(count)) : 0;
}
