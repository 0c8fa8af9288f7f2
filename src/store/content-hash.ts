/**
 * Content hashes for record deduplication: the same record reached under two URLs (mirrors,
 * print views, differently spelled links) hashes the same, so it is harvested once.
 */
import { createHash } from 'node:crypto';

/** Text as compared for sameness: Unicode NFC, whitespace runs collapsed to one space, trimmed, lower-cased. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** sha256 (hex) of the normalised text. */
export function contentHash(text: string): string {
  return createHash('sha256').update(normaliseText(text), 'utf8').digest('hex');
}

/**
 * The text a record is compared by: title, text and attributes (sorted by name), one per line.
 * Null when all of it is empty, since such a record carries nothing to compare and must not
 * swallow every later empty one.
 */
export function recordContent(r: { title?: string; text?: string; attributes?: Record<string, string> }): string | null {
  const attributes = Object.entries(r.attributes ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}: ${v}`);
  const parts = [r.title ?? '', r.text ?? '', ...attributes];
  const content = parts.join('\n');
  return normaliseText(parts.join(' ')) ? content : null;
}

/** The content hash of a record, or null when it has no content (see `recordContent`). */
export function recordContentHash(r: { title?: string; text?: string; attributes?: Record<string, string> }): string | null {
  const content = recordContent(r);
  return content === null ? null : contentHash(content);
}
