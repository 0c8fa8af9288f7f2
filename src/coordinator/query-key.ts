/**
 * A query's key, `formKey|[["name","value"],…]` (names sorted): how the coordinator, the
 * store's queries.jsonl and the trace name one query. Written and read only here.
 */

export function queryKey(formKey: string, values: Record<string, string>): string {
  const sorted = Object.keys(values).sort().map((k) => [k, values[k]]);
  return `${formKey}|${JSON.stringify(sorted)}`;
}

/**
 * Where a key's values start. A form key ends in `#form<n>` (`formKeyOf`, agent/search-form-info.ts), and a canonical
 * URL has no other '#', so the bar after that marker is the separator even when the URL itself
 * holds a '|'; a key of another shape splits at its first bar.
 */
function valuesStart(key: string): number {
  const marker = /#form\d+\|/.exec(key);
  if (marker) return marker.index + marker[0].length;
  return key.indexOf('|') + 1;
}

/** The part of a query key after its form (`[["name","value"],…]`): the query named by its values alone. A key without a form (stop) comes back whole. */
export function queryKeyValues(key: string): string {
  return key.slice(valuesStart(key));
}

/** The field values a query key names; {} for a key without values (stop) or one that is not a query key. */
export function valuesOfQueryKey(key: string): Record<string, string> {
  const start = valuesStart(key);
  if (start === 0) return {};
  try {
    const pairs = JSON.parse(key.slice(start)) as unknown;
    if (!Array.isArray(pairs)) return {};
    return Object.fromEntries(pairs.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string'));
  } catch {
    return {};
  }
}
