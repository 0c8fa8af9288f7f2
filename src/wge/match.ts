/**
 * Finding, among a live page's elements, the one that best fits a demo step's abstract
 * description: the element must suit the action (a text box to type into, a pager control
 * for "next page" …); among those, the one satisfying the most (weighted) of the step's
 * constraints wins. No stored selector is used, so a demo replays on changed pages.
 */
import { constraintKey, satisfies, type Constraint, type ConstraintContext } from './constraints.ts';
import { NEXT_TEXT, PREV_TEXT } from './pager-text.ts';
import type { DemoAction, PageElement } from './types.ts';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'number', '']);

/** Whether an element can take the action at all. */
export function suits(action: DemoAction, el: PageElement, demoTag?: string): boolean {
  switch (action) {
    case 'type':
      return el.tag === 'textarea' || (el.tag === 'input' && TEXT_INPUTS.has(el.inputType ?? 'text'));
    case 'select':
      return el.tag === 'select' || (el.tag === 'input' && (el.inputType === 'radio' || el.inputType === 'checkbox'));
    case 'submit':
      if (demoTag === 'form') return el.tag === 'form';
      return el.formIndex !== undefined && el.region !== 'pagination' && ((el.tag === 'button' && el.inputType === 'submit') || (el.tag === 'input' && (el.inputType === 'submit' || el.inputType === 'image')));
    case 'follow-link':
      return el.tag === 'a' && el.region !== 'pagination';
    case 'open-result':
      return el.tag === 'a' && el.region === 'list';
    case 'next-page':
      return (el.region === 'pagination' && !PREV_TEXT.test(el.text ?? '')) || NEXT_TEXT.test(el.text ?? '');
  }
}

/** How much each constraint counts when ranking: what the element is for outweighs where it sits. */
const WEIGHT: Record<Constraint['kind'], number> = { formType: 2, fieldType: 2, tag: 1, source: 1, lvsLabel: 1, labelLike: 2, textLike: 2, near: 1, sameRow: 1 };
/** The best element must satisfy at least this share of the weighted constraints to count as found. */
export const FOUND_MIN_SCORE = 0.5;

export interface ElementMatch {
  index: number;
  /** Share of the constraints' weight satisfied, 0..1 (1 when the step has none). */
  score: number;
  satisfied: string[];
  unsatisfied: string[];
}

export interface MatchOptions extends ConstraintContext {
  /** Form the previous step acted in: a submit or field in the same form wins ties. */
  formIndex?: number;
}

/** Elements suiting the action, best first (score, then same form as before, then document order). */
export function rankElements(action: DemoAction, constraints: readonly Constraint[], elements: readonly PageElement[], opts: MatchOptions = {}, demoTag?: string): ElementMatch[] {
  const total = constraints.reduce((s, c) => s + WEIGHT[c.kind], 0);
  const out: (ElementMatch & { sameForm: number })[] = [];
  elements.forEach((el, index) => {
    if (!suits(action, el, demoTag)) return;
    const satisfied: string[] = [];
    const unsatisfied: string[] = [];
    let got = 0;
    for (const c of constraints) {
      if (satisfies(c, el, opts)) {
        got += WEIGHT[c.kind];
        satisfied.push(constraintKey(c));
      } else unsatisfied.push(constraintKey(c));
    }
    out.push({ index, score: total ? got / total : 1, satisfied, unsatisfied, sameForm: opts.formIndex !== undefined && el.formIndex === opts.formIndex ? 1 : 0 });
  });
  out.sort((a, b) => b.score - a.score || b.sameForm - a.sameForm || a.index - b.index);
  return out.map(({ sameForm: _, ...m }) => m);
}

/** The element a step acts on, or null when nothing on the page fits it well enough. */
export function findElement(action: DemoAction, constraints: readonly Constraint[], elements: readonly PageElement[], opts: MatchOptions = {}, demoTag?: string): ElementMatch | null {
  const best = rankElements(action, constraints, elements, opts, demoTag)[0];
  return best && best.score >= FOUND_MIN_SCORE ? best : null;
}
