import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFirstTraceRow, readRunStart, traceFileOf } from '../../src/store/index.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'surfacer-trace-'));

describe('reading a trace back', () => {
  it('reads the run-start row without the rest (a torn last line does not matter)', () => {
    const d = dir();
    const big = 'x'.repeat(200_000);
    writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'run-start', input: { options: { domain: 'arts', pad: big } } })}\n{"seq":1,"act`);
    expect(traceFileOf(d)).toBe(join(d, 'trace.jsonl'));
    expect(readFirstTraceRow(join(d, 'trace.jsonl')).action).toBe('run-start');
    expect(readRunStart<{ options: { domain: string } }>(traceFileOf(join(d, 'trace.jsonl'))).options.domain).toBe('arts');
  });

  it('refuses traces that cannot be re-run, saying why', () => {
    const d = dir();
    writeFileSync(join(d, 'trace.jsonl'), `${JSON.stringify({ seq: 0, t: 1, action: 'submit' })}\n`);
    expect(() => readRunStart(join(d, 'trace.jsonl'))).toThrow(/does not start with a run-start row/);
    writeFileSync(join(d, 'empty.jsonl'), '');
    expect(() => readRunStart(join(d, 'empty.jsonl'))).toThrow(/is empty/);
    expect(() => traceFileOf(join(d, 'nope'))).toThrow(/no trace at/);
    expect(() => traceFileOf(dir())).toThrow(/holds no trace.jsonl/);
  });
});
