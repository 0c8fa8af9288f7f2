#!/usr/bin/env node
// Makes a fresh clone runnable: installs npm dependencies when missing or stale, then makes
// sure a Chromium exists (Playwright's own, else the system one, else apt when root).
// Plain JavaScript on purpose: it has to run before any dependency is installed.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg) => process.stderr.write(`[setup] ${msg}\n`);
const run = (cmd) => execSync(cmd, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

function dependenciesStale() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  const lock = join(root, 'package-lock.json');
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs;
}

if (dependenciesStale()) {
  log('installing npm dependencies');
  run(existsSync(join(root, 'package-lock.json')) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund');
}

const { register } = await import('tsx/esm/api');
register();
const { findChromium, INSTALL_CHROMIUM_COMMAND } = await import('../src/browser/find-chromium.ts');

let found = findChromium();
if (!found) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    log(`no Chromium found; run: ${INSTALL_CHROMIUM_COMMAND}`);
    process.exit(1);
  }
  log('no Chromium found; installing Debian chromium with apt-get');
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  found = findChromium();
  if (!found) {
    log(`apt-get finished but no Chromium appeared; run: ${INSTALL_CHROMIUM_COMMAND}`);
    process.exit(1);
  }
}
log(`chromium (${found.source}): ${found.executablePath}`);
