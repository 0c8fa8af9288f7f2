/**
 * The benches' child processes: each measured crawl or training is a real `surfacer` command
 * in its own process (its own Chromium, its own memory), run here with its output, wall time
 * and — when it ran alone — CPU time; `pool` runs a list of them N at a time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const surfacerBin = join(repoRoot, 'bin', 'surfacer.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** CPU seconds of the child and the processes it waited for (Linux; null when crawls overlap). */
  cpuSeconds: number | null;
}

/** CPU time (s) of this process's waited-for children: /proc/self/stat cutime + cstime (USER_HZ = 100). */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 3 (state) is index 0; cutime and cstime are fields 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Children now running: a child's CPU figure counts only when no other child overlapped it. */
const active = new Set<{ overlapped: boolean }>();

export function runSurfacer(args: readonly string[]): Promise<CliResult> {
  const t0 = performance.now();
  const cpu0 = childrenCpuSeconds();
  const me = { overlapped: active.size > 0 };
  for (const other of active) other.overlapped = true;
  active.add(me);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [surfacerBin, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      active.delete(me);
      reject(e);
    });
    child.on('close', (code) => {
      active.delete(me);
      const cpu1 = childrenCpuSeconds();
      resolvePromise({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        seconds: (performance.now() - t0) / 1000,
        cpuSeconds: !me.overlapped && cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null,
      });
    });
  });
}

export const lastLine = (text: string): string => text.trim().split('\n').filter(Boolean).pop() ?? '';

/** The JSON a command printed on stdout (the last top-level object when other lines precede it). */
export function parseJsonOutput(stdout: string): unknown {
  const text = stdout.trim();
  try {
    return JSON.parse(text);
  } catch {
    const start = text.lastIndexOf('\n{');
    if (start >= 0) return JSON.parse(text.slice(start + 1));
    throw new Error('no JSON on stdout');
  }
}

/** Runs `work` over the items, at most `parallel` at once. */
export async function pool<T>(items: readonly T[], parallel: number, work: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}
