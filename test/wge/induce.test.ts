import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildLattice, constraintKey, demoActionElement, induceDemoLattice, induceQueryLattice, loadDemo, loadDemos, queryStepsOf, satisfiesAll, stepConstraints, type Demo } from '../../src/wge/index.ts';
import { TEST_DOMAINS } from '../../src/cli/bench-strategies.ts';
import { repoRoot } from './helpers.ts';

const demo = (name: string): Demo => loadDemo(join(repoRoot, 'demos', `${name}.json`));
/** Recorded on home, a test domain: kept out of demos/ (which training reads) and used here only for its inline layout. */
const homeDemo = (): Demo => loadDemo(join(repoRoot, 'test', 'wge', 'fixtures', 'home-multi-field.json'));

describe('workflow induction', () => {
  it('turns the arts keyword demo into one query step with its constraints and a 32-node lattice', () => {
    const steps = queryStepsOf(demo('arts-keyword-search'));
    expect(steps).toHaveLength(1);
    const q = steps[0]!;
    expect(q.formType).toBe('search');
    expect(q.fields.map((f) => f.action)).toEqual(['type']);
    expect(q.constraints.map(constraintKey)).toEqual(['fieldType=search query', 'tag=input', 'source=lvs', 'lvsLabel=keyword', 'labelLike~search gallery atlas']);
    const lattice = buildLattice(q.constraints);
    expect(lattice.nodes).toHaveLength(32);
    expect(new Set(lattice.nodes.map((n) => n.key)).size).toBe(32);
    expect(lattice.nodes[0]!.constraints).toEqual([]);
    expect(lattice.nodes[31]!.constraints).toHaveLength(5);
    // The demo's own query satisfies every node of its lattice.
    const own = demoActionElement(q);
    expect(own).toMatchObject({ kind: 'query', formType: 'search', fieldType: 'search query', source: 'lvs', lvsLabel: 'keyword', value: 'painting' });
    expect(lattice.nodes.every((n) => satisfiesAll(n.constraints, own))).toBe(true);
  });

  it('groups a multi-field query (keyword + category) into one step whose main field is the keyword', () => {
    const [q] = queryStepsOf(demo('shopping-multi-field'));
    expect(q!.fields.map((f) => `${f.action}:${f.element.fieldType}`)).toEqual(['type:search query', 'select:search category / refinement']);
    expect(q!.main.value).toBe('shoes');
  });

  it('demos/ holds only demonstrations recorded on training domains (none on the five test domains)', () => {
    const demos = loadDemos(join(repoRoot, 'demos'));
    expect(demos.length).toBeGreaterThan(0);
    for (const d of demos) expect(TEST_DOMAINS as readonly (string | undefined)[]).not.toContain(d.domain);
  });

  it('a select-only demo yields select constraints: no LVS label, source options (16 nodes)', () => {
    const [q] = queryStepsOf(demo('games-category-browse'));
    expect(q!.constraints.map(constraintKey)).toEqual(['fieldType=search category / refinement', 'tag=select', 'source=options', 'labelLike~genre']);
    expect(buildLattice(q!.constraints).nodes).toHaveLength(16);
  });

  it('marks the query steps after which the demo read on to the next result page', () => {
    expect(queryStepsOf(demo('arts-keyword-search')).map((q) => q.readsNextPage)).toEqual([true]);
    expect(queryStepsOf(demo('games-category-browse')).map((q) => q.readsNextPage)).toEqual([false]);
  });

  it('induces one workflow per demo that issued a query', () => {
    const lattice = induceQueryLattice(loadDemos(join(repoRoot, 'demos')));
    expect(lattice.workflows.map((w) => w.demo).sort()).toEqual(['arts-advanced-search', 'arts-keyword-search', 'games-category-browse', 'shopping-multi-field']);
    expect(lattice.workflows.map((w) => w.lattices.map((l) => l.nodes.length))).toEqual(expect.arrayContaining([[32], [16]]));
  });

  it('page-level steps: form and field types, words, and layout relative to the previous step on the same page', () => {
    const d = demo('arts-keyword-search');
    const keys = (i: number) => stepConstraints(d.steps[i]!, d.steps[i - 1]).map(constraintKey);
    expect(keys(0)).toEqual(['tag=a', 'textLike~search']);
    expect(keys(1)).toEqual(['formType=search', 'fieldType=search query', 'tag=input', 'labelLike~search gallery atlas']);
    // The submit button sits just below the field it follows.
    expect(keys(2)).toEqual(['formType=search', 'tag=button', 'textLike~search', 'near<=150']);
    expect(keys(3)).toEqual(['tag=a', 'textLike~next']);
    // A result's title is incidental: only the tag is kept.
    expect(keys(4)).toEqual(['tag=a']);
    // Layout counts only on the same page: after the submit the page is another.
    expect(d.steps[3]!.url).not.toBe(d.steps[2]!.url);
    const sizes = induceDemoLattice(d).steps.map((s) => s.lattice.nodes.length);
    expect(sizes).toEqual([4, 16, 16, 4, 2]);
  });

  it('same row: fields laid out side by side (home) are induced as same-row neighbours', () => {
    const d = homeDemo();
    const select = d.steps.findIndex((s) => s.action === 'select');
    expect(stepConstraints(d.steps[select]!, d.steps[select - 1]).map(constraintKey)).toEqual(expect.arrayContaining(['near<=150', 'sameRow']));
  });

  it('a submit with nothing filled (a pager button) is no query step', () => {
    const el = { tag: 'input', fieldType: 'search query' };
    const d: Demo = {
      name: 'x',
      recordedAt: '2024-01-01T00:00:00Z',
      steps: [
        { action: 'type', element: el, value: 'a' },
        { action: 'submit', element: { tag: 'button', formType: 'search' } },
        { action: 'submit', element: { tag: 'button' } },
        { action: 'follow-link', element: { tag: 'a' } },
        { action: 'select', element: { tag: 'select' }, value: 'b' },
        { action: 'submit', element: { tag: 'button' } },
      ],
    };
    const steps = queryStepsOf(d);
    expect(steps.map((s) => s.main.value)).toEqual(['a', 'b']);
    expect(steps[1]!.formType).toBeUndefined();
  });
});
