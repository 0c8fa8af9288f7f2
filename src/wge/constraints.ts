/**
 * WGE's workflow-step constraints: predicates over one element that a demonstrated action
 * satisfied. Each reads one perceived property (form type, field type, tag, value source,
 * LVS label, label or text words) or the layout relative to the previous step's element.
 * The same predicates judge live page elements (replay) and the query MDP's ActionElements.
 */
import type { ActionElement } from '../policy/types.ts';
import type { Box, PageElement } from './types.ts';

export type Constraint =
  | { kind: 'formType'; value: string }
  | { kind: 'fieldType'; value: string }
  | { kind: 'tag'; value: string }
  | { kind: 'source'; value: string }
  | { kind: 'lvsLabel'; value: string }
  /** The element's label shares at least half of these words (the demo's label words). */
  | { kind: 'labelLike'; tokens: string[] }
  /** The link's or button's text shares at least half of these words. */
  | { kind: 'textLike'; tokens: string[] }
  /** Within `px` pixels of the previous step's element. */
  | { kind: 'near'; px: number }
  /** Vertically level with the previous step's element. */
  | { kind: 'sameRow' };

export type ConstraintKind = Constraint['kind'];

/** What a constraint may be asked about: a query action, or an element of a live page. */
export type Subject = ActionElement | PageElement;

export interface ConstraintContext {
  /** Layout of the element the previous step acted on (same page only). */
  previous?: Box;
}

/** Words count as alike when this share of the demo's words is present. */
export const LIKE_MIN_OVERLAP = 0.5;
/** "near": the gap between the two boxes, in CSS pixels. */
export const NEAR_PX = 150;

// Function words carry nothing of what a field is for ("Search *the* collection").
const STOP = new Set(['a', 'an', 'the', 'of', 'for', 'and', 'or', 'in', 'on', 'to', 'with', 'by', 'your', 'all', 'any', 'at', 'is']);

/** Lower-case content words of a text, in order, without repeats. */
export function tokensOf(text: string | undefined): string[] {
  const words = (text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))];
}

/** Share of `wanted` words found in `text` (0 when there is nothing wanted). */
export function overlap(wanted: readonly string[], text: string | undefined): number {
  if (wanted.length === 0) return 0;
  const have = new Set(tokensOf(text));
  return wanted.filter((w) => have.has(w)).length / wanted.length;
}

/** Gap between two boxes (0 when they touch or overlap). */
export function boxGap(a: Box, b: Box): number {
  const dx = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width));
  const dy = Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.hypot(dx, dy);
}

/** Each box's vertical centre lies within the other's vertical span. */
export function sameRow(a: Box, b: Box): boolean {
  const ca = a.y + a.height / 2;
  const cb = b.y + b.height / 2;
  return ca >= b.y && ca <= b.y + b.height && cb >= a.y && cb <= a.y + a.height;
}

const str = (el: Subject, key: string): string | undefined => {
  const v = (el as unknown as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
};

export function satisfies(c: Constraint, el: Subject, ctx: ConstraintContext = {}): boolean {
  switch (c.kind) {
    case 'formType':
    case 'fieldType':
    case 'tag':
    case 'lvsLabel':
      return str(el, c.kind)?.toLowerCase() === c.value.toLowerCase();
    case 'source':
      return str(el, 'source') === c.value;
    case 'labelLike':
      return overlap(c.tokens, str(el, 'label')) >= LIKE_MIN_OVERLAP;
    case 'textLike':
      return overlap(c.tokens, str(el, 'text')) >= LIKE_MIN_OVERLAP;
    case 'near': {
      const layout = (el as PageElement).layout;
      return !!layout && !!ctx.previous && boxGap(layout, ctx.previous) <= c.px;
    }
    case 'sameRow': {
      const layout = (el as PageElement).layout;
      return !!layout && !!ctx.previous && sameRow(layout, ctx.previous);
    }
  }
}

export function satisfiesAll(cs: readonly Constraint[], el: Subject, ctx: ConstraintContext = {}): boolean {
  return cs.every((c) => satisfies(c, el, ctx));
}

/** Stable text identity of a constraint: lattice nodes are deduplicated by these. */
export function constraintKey(c: Constraint): string {
  switch (c.kind) {
    case 'labelLike':
    case 'textLike':
      return `${c.kind}~${c.tokens.join(' ')}`;
    case 'near':
      return `near<=${c.px}`;
    case 'sameRow':
      return 'sameRow';
    default:
      return `${c.kind}=${c.value}`;
  }
}
