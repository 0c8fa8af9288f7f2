/**
 * A run's own site addresses as a placeholder: the same built-in site served on another port
 * is the same site, so traces, replays and run comparisons name it `{site}`.
 *
 * An origin also appears percent-encoded: a result page shown at an unchanged URL is keyed by its
 * query, form address included (`?surfacer-result=http%3A%2F%2F127.0.0.1%3A…`, src/agent/episode.ts).
 */
export const SITE_PLACEHOLDER = '{site}';

/** Replaces each origin (longest first) with `{site}`. Message digests use this rule, so it stays as it is. */
export function withoutOrigins(text: string, origins: readonly string[]): string {
  let out = text;
  for (const o of [...origins].sort((a, b) => b.length - a.length)) if (o) out = out.split(o).join(SITE_PLACEHOLDER);
  return out;
}

/** Replaces each origin with `{site}`, and its percent-encoded form with `{site}` encoded: for comparing two runs' text. */
export function withoutAnyOrigins(text: string, origins: readonly string[]): string {
  return atOrigins(text, origins, origins.map(() => SITE_PLACEHOLDER));
}

/**
 * Text written at the origins `from` as it reads at `to`: each origin of `from`, plain or
 * percent-encoded, becomes the one at the same index of `to` (the first where `to` is shorter).
 * Replay uses it both ways: recorded addresses to load now, live messages to digest as recorded.
 */
export function atOrigins(text: string, from: readonly string[], to: readonly string[]): string {
  if (!to.length) return text;
  // Through marks first, so that an origin of `to` that is also one of `from` is not moved twice.
  const mark = (i: number) => `\u0000${i}\u0000`;
  const pairs = from.map((o, i) => ({ o, i })).filter(({ o }) => o).sort((a, b) => b.o.length - a.o.length);
  let out = text;
  for (const { o, i } of pairs) out = out.split(encodeURIComponent(o)).join(mark(-1 - i)).split(o).join(mark(i));
  for (const { i } of pairs) {
    const target = to[i] ?? to[0]!;
    out = out.split(mark(-1 - i)).join(encodeURIComponent(target)).split(mark(i)).join(target);
  }
  return out;
}

/** The distinct origins of some URLs (those that parse). */
export function originsOf(urls: readonly string[]): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    try {
      out.add(new URL(u).origin);
    } catch {
      // not a URL: no origin to hide
    }
  }
  return [...out];
}
