/**
 * A run's own site addresses as a placeholder: the same built-in site served on another port
 * is the same site, so traces, replays and run comparisons name it `{site}`.
 */
export const SITE_PLACEHOLDER = '{site}';

/** Replaces each origin (longest first) with `{site}`. */
export function withoutOrigins(text: string, origins: readonly string[]): string {
  let out = text;
  for (const o of [...origins].sort((a, b) => b.length - a.length)) if (o) out = out.split(o).join(SITE_PLACEHOLDER);
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
