import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDeadFileLocks } from '../../src/coordinator/crawl.ts';

const root = mkdtempSync(join(tmpdir(), 'surfacer-locks-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('removeDeadFileLocks (resume after a kill)', () => {
  it("removes the lock directories a killed crawl left in Crawlee's storage, and nothing else", () => {
    const queue = join(root, 'crawlee', 'request_queues', 'episodes');
    mkdirSync(join(queue, 'abc.json.lock'), { recursive: true });
    mkdirSync(join(root, 'crawlee', 'key_value_stores', 'default', 'STATE.json.lock'), { recursive: true });
    writeFileSync(join(queue, 'abc.json'), '{}');
    writeFileSync(join(queue, 'notes.lock'), 'a file, not a lock directory');
    removeDeadFileLocks(join(root, 'crawlee'));
    expect(existsSync(join(queue, 'abc.json.lock'))).toBe(false);
    expect(existsSync(join(root, 'crawlee', 'key_value_stores', 'default', 'STATE.json.lock'))).toBe(false);
    expect(existsSync(join(queue, 'abc.json'))).toBe(true);
    expect(existsSync(join(queue, 'notes.lock'))).toBe(true);
    removeDeadFileLocks(join(root, 'no-such-dir'));
  });
});
