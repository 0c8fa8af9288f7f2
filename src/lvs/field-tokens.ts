/**
 * Words hidden in a field's `name`/`id` attribute: "searchTerm" -> search term,
 * "year_from" -> year from, "ctl00$txtAuthor" -> author.
 */

/** Framework prefixes and filler that say nothing about the field's meaning. */
const NAME_NOISE = new Set(['txt', 'tb', 'fld', 'field', 'inp', 'input', 'ctl', 'ctl00', 'ddl', 'sel', 'cbo', 'frm', 'form', 'param', 'edit', 'box', 'main', 'body', 'content', 'id']);

/** Abbreviations common in query-string names, expanded so they meet LVS aliases. */
const NAME_ABBREVIATIONS: Record<string, string> = {
  kw: 'keyword',
  kws: 'keywords',
  qry: 'query',
  yr: 'year',
  cat: 'category',
  loc: 'location',
  lang: 'language',
  auth: 'author',
  desc: 'description',
  dt: 'date',
  pr: 'price',
};

/** Quantities that range fields glue to min/max ("pricemax", "minYear" in lower case, "yearfrom"). */
const RANGE_STEMS = 'price|year|date|age|size|rating|salary|cost|amount|weight|length|distance|players|time|duration|pages|budget|population|miles|km';
const GLUED_RANGE = new RegExp(`^(?:(min|max)(${RANGE_STEMS})|(${RANGE_STEMS})(min|max|from|to))$`);

/** Whole names that mean "the search box" on common sites and engines. */
export const QUERY_NAMES = new Set(['q', 'kw', 's', 'k', 'qs', 'qry', 'query', 'keys', 'wd', 'search', 'searchterm', 'searchtext', 'keyword', 'keywords', 'term', 'terms', 'text', 'find', 'search_query', 'search-query', 'searchquery', 'qt']);

/** Splits an identifier into lower-case words (camelCase, snake_case, kebab, digits, brackets). */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== '');
}

/** The meaningful words of a name/id, abbreviations expanded, framework noise dropped. */
export function nameTokens(name: string): string[] {
  return splitIdentifier(name)
    .filter((t) => !NAME_NOISE.has(t) && !/^\d+$/.test(t))
    .flatMap(unglueRange)
    .map((t) => NAME_ABBREVIATIONS[t] ?? t);
}

/** "pricemax" -> price, max; "minyear" -> min, year; other words unchanged. */
function unglueRange(token: string): string[] {
  const m = GLUED_RANGE.exec(token);
  if (!m) return [token];
  return m[1] ? [m[1], m[2]!] : [m[3]!, m[4]!];
}

export function isQueryName(name: string): boolean {
  return QUERY_NAMES.has(name.trim().toLowerCase());
}
