import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonlWriter, readJsonl, readJsonlWithScan, repairJsonl } from '../../src/store/jsonl-writer.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'surfacer-jsonl-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('JsonlWriter', () => {
  it('appends one complete line per value and reads them back in order', () => {
    const path = join(dir, 'a.jsonl');
    const w = new JsonlWriter(path);
    const values = [{ a: 1 }, { text: 'two\nlines "quoted"', u: 'é€😀' }, [1, 2], 'plain'];
    for (const v of values) w.append(v);
    w.close();
    const text = readFileSync(path, 'utf8');
    expect(text.split('\n')).toHaveLength(values.length + 1);
    expect(text.endsWith('\n')).toBe(true);
    expect(readJsonl(path)).toEqual(values);
  });

  it('grows the file by exactly the line length and never rewrites what is there', () => {
    const path = join(dir, 'b.jsonl');
    writeFileSync(path, '{"before":true}\n');
    const w = new JsonlWriter(path);
    let size = statSync(path).size;
    for (let i = 0; i < 50; i++) {
      const value = { i, pad: 'x'.repeat(i * 7) };
      const n = w.append(value);
      expect(n).toBe(Buffer.byteLength(`${JSON.stringify(value)}\n`));
      const next = statSync(path).size;
      expect(next - size).toBe(n);
      size = next;
    }
    // Change earlier bytes behind the writer's back: a writer that kept, re-read or rewrote
    // the file would restore or clobber them; an append-only one leaves them as they are.
    const fd = openSync(path, 'r+');
    writeSync(fd, '{"before":null}', 0);
    closeSync(fd);
    w.append({ last: 1 });
    w.close();
    const rows = readJsonl<Record<string, unknown>>(path);
    expect(rows[0]).toEqual({ before: null });
    expect(rows).toHaveLength(52);
    expect(rows[51]).toEqual({ last: 1 });
    expect(w.bytesWritten).toBe(statSync(path).size - '{"before":true}\n'.length);
  });

  it('refuses values JSON cannot write and writes nothing for them', () => {
    const path = join(dir, 'c.jsonl');
    const w = new JsonlWriter(path);
    expect(() => w.append(undefined)).toThrow(TypeError);
    w.close();
    expect(statSync(path).size).toBe(0);
    expect(() => w.append({})).toThrow(/closed/);
  });
});

describe('reading and repairing JSONL', () => {
  it('drops and reports a torn last line; repair truncates it so appends stay valid', () => {
    const path = join(dir, 'torn.jsonl');
    const w = new JsonlWriter(path);
    w.append({ n: 1 });
    w.append({ n: 2 });
    w.close();
    const whole = statSync(path).size;
    const line = JSON.stringify({ n: 3, text: 'half written' });
    appendFileSync(path, line.slice(0, Math.floor(line.length / 2)));

    const { values, scan } = readJsonlWithScan(path);
    expect(values).toEqual([{ n: 1 }, { n: 2 }]);
    expect(scan.tornTail).toMatchObject({ line: 3, offset: whole });
    expect(scan.badLines).toEqual([]);

    const seen: unknown[] = [];
    const repair = repairJsonl(path, (v) => seen.push(v));
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(repair.tornTail).not.toBeNull();
    expect(statSync(path).size).toBe(whole);

    const again = new JsonlWriter(path);
    again.append({ n: 3 });
    again.close();
    const after = readJsonlWithScan(path);
    expect(after.values).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(after.scan.tornTail).toBeNull();
    expect(after.scan.badLines).toEqual([]);
  });

  it('keeps a whole last object that lost only its newline, and repair adds the newline', () => {
    const path = join(dir, 'nl.jsonl');
    writeFileSync(path, '{"n":1}\n{"n":2}');
    expect(readJsonl(path)).toEqual([{ n: 1 }, { n: 2 }]);
    const scan = repairJsonl(path);
    expect(scan.unterminatedTail).toMatchObject({ line: 2 });
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    const w = new JsonlWriter(path);
    w.append({ n: 3 });
    w.close();
    expect(readJsonl(path)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('treats a bare number at the end as torn (it may be a prefix)', () => {
    const path = join(dir, 'num.jsonl');
    writeFileSync(path, '{"n":1}\n12');
    const { values, scan } = readJsonlWithScan(path);
    expect(values).toEqual([{ n: 1 }]);
    expect(scan.tornTail?.text).toBe('12');
  });

  it('skips and reports a bad line in the middle without stopping', () => {
    const path = join(dir, 'bad.jsonl');
    writeFileSync(path, '{"n":1}\n{"n":\n\n{"n":3}\n');
    const { values, scan } = readJsonlWithScan(path);
    expect(values).toEqual([{ n: 1 }, { n: 3 }]);
    expect(scan.badLines.map((b) => b.line)).toEqual([2]);
    expect(scan.tornTail).toBeNull();
  });

  it('streams files larger than its read chunk, with lines and characters across chunk edges', () => {
    const path = join(dir, 'big.jsonl');
    const w = new JsonlWriter(path);
    const rows = Array.from({ length: 6000 }, (_, i) => ({ i, s: `é€😀 ${'ü'.repeat(i % 397)}` }));
    for (const r of rows) w.append(r);
    w.close();
    expect(statSync(path).size).toBeGreaterThan(2 * (1 << 20));
    const { values, scan } = readJsonlWithScan(path);
    expect(values).toEqual(rows);
    expect(scan.completeBytes).toBe(statSync(path).size);
  });

  it('reads a missing file as empty', () => {
    expect(readJsonl(join(dir, 'none.jsonl'))).toEqual([]);
  });
});
