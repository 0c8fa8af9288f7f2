import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The design's boundaries, checked over the real import graph of src/:
// the crawler never reads the testbed (its internals or ground truth); only the evaluator
// (report/), the CLI that starts it, and tests may. The testbed in turn stands alone.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');

const CRAWLER_PARTS = ['browser', 'perceive', 'lvs', 'policy', 'wge', 'agent', 'coordinator', 'strategies', 'store', 'url', 'webnav'];
const TESTBED_MAY_IMPORT = ['testbed', 'url'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec && spec.startsWith('.')) out.push(resolve(dirname(file), spec));
  }
  return out;
}

const partOf = (file: string): string => relative(src, file).split(/[\\/]/)[0] ?? '';

const files = sourceFiles(src);
const graph = new Map(files.map((f) => [f, localImports(f)]));

function reaches(from: string, predicate: (f: string) => boolean): string[] | null {
  const seen = new Set<string>();
  const stack: string[][] = [[from]];
  while (stack.length) {
    const path = stack.pop()!;
    const file = path[path.length - 1]!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of graph.get(file) ?? []) {
      if (predicate(next)) return [...path, next];
      stack.push([...path, next]);
    }
  }
  return null;
}

describe('import boundaries', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it('no crawler part imports the testbed, directly or through another module', () => {
    const offenders = files
      .filter((f) => CRAWLER_PARTS.includes(partOf(f)))
      .map((f) => reaches(f, (g) => partOf(g) === 'testbed'))
      .filter((p): p is string[] => p !== null)
      .map((p) => p.map((f) => relative(root, f)).join(' -> '));
    expect(offenders).toEqual([]);
  });

  it('no crawler part imports the CLI or the evaluator', () => {
    const offenders = files
      .filter((f) => CRAWLER_PARTS.includes(partOf(f)))
      .flatMap((f) => (graph.get(f) ?? []).filter((g) => ['cli', 'report'].includes(partOf(g))).map((g) => `${relative(root, f)} -> ${relative(root, g)}`));
    expect(offenders).toEqual([]);
  });

  it('the testbed stands alone (imports only itself and URL canonicalisation)', () => {
    const offenders = files
      .filter((f) => partOf(f) === 'testbed')
      .flatMap((f) => (graph.get(f) ?? []).filter((g) => !TESTBED_MAY_IMPORT.includes(partOf(g))).map((g) => `${relative(root, f)} -> ${relative(root, g)}`));
    expect(offenders).toEqual([]);
  });

  it('the checker itself sees a violation when one exists', () => {
    // Guards against a regex that silently matches nothing.
    const fake = join(src, 'agent', '__fake__.ts');
    const target = join(src, 'testbed', 'index.ts');
    graph.set(fake, [target]);
    try {
      expect(reaches(fake, (g) => partOf(g) === 'testbed')).not.toBeNull();
    } finally {
      graph.delete(fake);
    }
    const parsed = [...`import { a } from './x.ts';\nexport { b } from "../y.ts";\nconst m = await import('./z.ts');`.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(parsed).toEqual(['./x.ts', '../y.ts', './z.ts']);
  });
});
