/**
 * Resident memory of this process and every process it started (Chromium's browser, GPU,
 * renderer processes), read from /proc: a crawler's footprint is mostly its browser.
 */
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;

function statOf(pid: number): { ppid: number; rssBytes: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), rssBytes: Number(rest[21]) * PAGE_BYTES };
  } catch {
    return null;
  }
}

/** Bytes resident in `root` and its descendants; null where /proc is not there (not Linux). */
export function processTreeRss(root = process.pid): number | null {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map(Number);
  } catch {
    return null;
  }
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const pid of pids) {
    const s = statOf(pid);
    if (!s) continue;
    rss.set(pid, s.rssBytes);
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples peak resident memory (this process alone, and with its children) until stopped. */
export function startMemorySampler(everyMs = 250): { stop(): { nodeMiB: number; totalMiB: number | null } } {
  let node = process.memoryUsage().rss;
  let tree = processTreeRss();
  const timer = setInterval(() => {
    node = Math.max(node, process.memoryUsage().rss);
    const t = processTreeRss();
    if (t !== null) tree = Math.max(tree ?? 0, t);
  }, everyMs);
  const mib = (b: number) => Math.round(b / 2 ** 20);
  return {
    stop() {
      clearInterval(timer);
      return { nodeMiB: mib(node), totalMiB: tree === null ? null : mib(tree) };
    },
  };
}
