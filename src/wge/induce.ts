/**
 * Workflow induction: each demonstrated action becomes the constraints its element
 * satisfied. Page-level steps (replay, navigation) get constraints over page elements,
 * layout included; the query MDP gets one step per demonstrated query (its type/select
 * actions up to the submit), with constraints over ActionElement fields only.
 */
import type { ActionElement } from '../policy/types.ts';
import { boxGap, NEAR_PX, sameRow, tokensOf, type Constraint } from './constraints.ts';
import { buildLattice, type Lattice } from './lattice.ts';
import type { Demo, DemoStep } from './types.ts';

/** One demonstrated query: the fields filled before a submit, and the field that took the main value. */
export interface QueryStep {
  demo: string;
  /** The type step if there was one (the keyword), else the first select. */
  main: DemoStep;
  /** Every type/select step of this query, in order. */
  fields: DemoStep[];
  formType?: string;
  /** Over ActionElement fields, most telling first. */
  constraints: Constraint[];
  /** The demo went on to the next result page after this query (before its next query). */
  readsNextPage: boolean;
}

/** A demo's query steps and one lattice per step. */
export interface QueryWorkflowLattice {
  demo: string;
  steps: QueryStep[];
  lattices: Lattice[];
}

export interface QueryLattice {
  /** One entry per demo that issued at least one query. */
  workflows: QueryWorkflowLattice[];
}

/** A demo's page-level steps, one lattice each (what replay and navigation use). */
export interface DemoLattice {
  demo: string;
  steps: { step: DemoStep; lattice: Lattice }[];
}

const NAVIGATING = new Set(['follow-link', 'submit', 'open-result', 'next-page']);

/** The previous step's element counts for layout only when it was on the same page. */
function samePage(step: DemoStep, previous: DemoStep | undefined): previous is DemoStep {
  if (!previous) return false;
  if (step.url && previous.url) return step.url === previous.url && !NAVIGATING.has(previous.action);
  return !NAVIGATING.has(previous.action);
}

/** The constraints a page-level demo step's element satisfies, most telling first. */
export function stepConstraints(step: DemoStep, previous?: DemoStep): Constraint[] {
  const el = step.element;
  const out: Constraint[] = [];
  if (el.formType) out.push({ kind: 'formType', value: el.formType });
  if (el.fieldType) out.push({ kind: 'fieldType', value: el.fieldType });
  out.push({ kind: 'tag', value: el.tag });
  // A result's title is what the query found, not how it was found: no text constraint.
  const text = step.action === 'open-result' ? [] : tokensOf(el.text);
  if (text.length) out.push({ kind: 'textLike', tokens: text });
  const label = tokensOf(el.label);
  if (label.length) out.push({ kind: 'labelLike', tokens: label });
  const prev = samePage(step, previous) ? previous.element.layout : undefined;
  if (prev && el.layout) {
    if (boxGap(el.layout, prev) <= NEAR_PX) out.push({ kind: 'near', px: NEAR_PX });
    if (sameRow(el.layout, prev)) out.push({ kind: 'sameRow' });
  }
  return out;
}

/** Constraints of a query over ActionElement fields: field type, tag, value source, LVS label, label words. */
export function queryConstraints(main: DemoStep): Constraint[] {
  const out: Constraint[] = [];
  if (main.element.fieldType) out.push({ kind: 'fieldType', value: main.element.fieldType });
  out.push({ kind: 'tag', value: main.element.tag });
  if (main.valueSource) out.push({ kind: 'source', value: main.valueSource });
  if (main.lvsLabel) out.push({ kind: 'lvsLabel', value: main.lvsLabel });
  const label = tokensOf(main.element.label);
  if (label.length) out.push({ kind: 'labelLike', tokens: label });
  return out;
}

/** Groups each run of type/select actions with the submit that ends it into one query step. */
export function queryStepsOf(demo: Demo): QueryStep[] {
  const out: QueryStep[] = [];
  let fields: DemoStep[] = [];
  for (const step of demo.steps) {
    if (step.action === 'type' || step.action === 'select') {
      fields.push(step);
      continue;
    }
    if (step.action === 'submit' && fields.length) {
      const main = fields.find((f) => f.action === 'type') ?? (fields[0] as DemoStep);
      const formType = step.element.formType ?? main.element.formType;
      out.push({ demo: demo.name, main, fields, ...(formType ? { formType } : {}), constraints: queryConstraints(main), readsNextPage: false });
    }
    const last = out[out.length - 1];
    if (step.action === 'next-page' && last) last.readsNextPage = true;
    // Navigation between queries (or a submit with nothing filled, e.g. a "next" button) ends the run.
    if (step.action !== 'submit' || fields.length) fields = [];
  }
  return out;
}

/** The query the demo issued, described as the ActionElement the crawler would offer for it. */
export function demoActionElement(q: QueryStep): ActionElement {
  const m = q.main;
  const el: ActionElement = { kind: 'query', tag: m.element.tag };
  if (q.formType) el.formType = q.formType;
  if (m.element.fieldType) el.fieldType = m.element.fieldType;
  if (m.element.label) el.label = m.element.label;
  if (m.valueSource) el.source = m.valueSource;
  if (m.lvsLabel) el.lvsLabel = m.lvsLabel;
  if (m.value !== undefined) el.value = m.value;
  return el;
}

export function induceQueryLattice(demos: readonly Demo[]): QueryLattice {
  const workflows: QueryWorkflowLattice[] = [];
  for (const demo of demos) {
    const steps = queryStepsOf(demo);
    if (steps.length) workflows.push({ demo: demo.name, steps, lattices: steps.map((s) => buildLattice(s.constraints)) });
  }
  return { workflows };
}

export function induceDemoLattice(demo: Demo): DemoLattice {
  return { demo: demo.name, steps: demo.steps.map((step, i) => ({ step, lattice: buildLattice(stepConstraints(step, demo.steps[i - 1])) })) };
}
