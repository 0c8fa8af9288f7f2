import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DemoError, loadDemo, loadDemos, parseDemo, saveDemo, type Demo } from '../../src/wge/index.ts';
import { repoRoot, tempDir } from './helpers.ts';

const good: Demo = {
  name: 'tiny',
  recordedAt: '2024-05-01T10:00:00.000Z',
  steps: [
    { action: 'type', element: { tag: 'input', formType: 'search', fieldType: 'search query', label: 'Search', layout: { x: 1, y: 2, width: 3, height: 4 } }, value: 'jazz', valueSource: 'lvs', lvsLabel: 'keyword' },
    { action: 'submit', element: { tag: 'button', text: 'Go' } },
  ],
};

function write(dir: string, name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('demo files', () => {
  it('loads the shipped demos', () => {
    const demos = loadDemos(join(repoRoot, 'demos'));
    expect(demos.length).toBeGreaterThanOrEqual(3);
    for (const d of demos) {
      expect(d.steps.length).toBeGreaterThan(0);
      expect(d.steps.some((s) => s.action === 'submit')).toBe(true);
    }
  });

  it('round-trips a demo through save and load', () => {
    const dir = tempDir('wge-demo');
    saveDemo(join(dir, 'sub', 'tiny.json'), good);
    expect(loadDemo(join(dir, 'sub', 'tiny.json'))).toEqual(good);
  });

  it('names the file and the field of a bad demo', () => {
    const dir = tempDir('wge-bad');
    const cases: [unknown, RegExp][] = [
      ['{ not json', /not valid JSON/],
      [[], /not a JSON object/],
      [{ ...good, name: '' }, /"name" must be a non-empty string/],
      [{ ...good, recordedAt: 'yesterday' }, /"recordedAt" must be an ISO date/],
      [{ ...good, steps: 'none' }, /"steps" must be an array/],
      [{ ...good, steps: [{ action: 'hover', element: { tag: 'a' } }] }, /steps\[0\]\.action must be one of follow-link, type, select, submit, open-result, next-page/],
      [{ ...good, steps: [{ action: 'type', element: { tag: 'input' } }] }, /steps\[0\]: a type step needs a "value"/],
      [{ ...good, steps: [{ action: 'submit' }] }, /steps\[0\]\.element must be an object/],
      [{ ...good, steps: [good.steps[0], { action: 'submit', element: { tag: 'button', layout: { x: 1 } } }] }, /steps\[1\]\.element\.layout\.y must be a number/],
      [{ ...good, steps: [{ ...good.steps[0], valueSource: 'guess' }] }, /steps\[0\]\.valueSource must be one of/],
    ];
    cases.forEach(([content, message], i) => {
      const file = write(dir, `bad${i}.json`, content);
      expect(() => loadDemo(file)).toThrow(DemoError);
      expect(() => loadDemo(file)).toThrow(message);
      expect(() => loadDemo(file)).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
    });
  });

  it('a bad file among good ones fails the folder load with that file named', () => {
    const dir = join(tempDir('wge-dir'), 'demos');
    mkdirSync(dir);
    write(dir, 'a-good.json', good);
    const bad = write(dir, 'b-bad.json', { ...good, steps: [{ action: 'type', element: {} }] });
    write(dir, 'notes.txt', 'not a demo');
    expect(() => loadDemos(dir)).toThrow(`${bad}: steps[0].element.tag must be a non-empty string`);
  });

  it('a missing file or folder is named too', () => {
    expect(() => loadDemo('/nonexistent/x.json')).toThrow(/^\/nonexistent\/x\.json: cannot read \(ENOENT\)/);
    expect(() => loadDemos('/nonexistent/demos')).toThrow(/^\/nonexistent\/demos: no such demo directory/);
    expect(() => parseDemo(null)).toThrow(/^demo: not a JSON object/);
  });
});
