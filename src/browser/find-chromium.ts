import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

export type ChromiumSource = 'env' | 'playwright' | 'system';

export interface FoundChromium {
  /** Absolute path of the executable to launch. */
  executablePath: string;
  /** Where it came from: SURFACER_CHROMIUM, Playwright's own download, or the OS package. */
  source: ChromiumSource;
}

/** System locations tried after Playwright's own browser, in order. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The command a user must run when no Chromium is found and we may not install one. */
export const INSTALL_CHROMIUM_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

/**
 * Finds a Chromium to drive: an explicit SURFACER_CHROMIUM first, then Playwright's bundled
 * build (it matches Playwright's protocol exactly), then the system package.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundChromium | null {
  const override = env['SURFACER_CHROMIUM'];
  if (override) {
    if (!existsSync(override)) throw new Error(`SURFACER_CHROMIUM=${override} does not exist`);
    return { executablePath: override, source: 'env' };
  }
  let bundled = '';
  try {
    bundled = chromium.executablePath();
  } catch {
    // Playwright throws when its registry knows no build for this platform.
  }
  if (bundled && existsSync(bundled)) return { executablePath: bundled, source: 'playwright' };
  const system = SYSTEM_CHROMIUM_PATHS.find((p) => existsSync(p));
  return system ? { executablePath: system, source: 'system' } : null;
}

/** Like findChromium, but a missing browser is an error that says how to get one. */
export function requireChromium(env: NodeJS.ProcessEnv = process.env): FoundChromium {
  const found = findChromium(env);
  if (!found) {
    throw new Error(`no Chromium found (tried Playwright's browser and ${SYSTEM_CHROMIUM_PATHS.join(', ')}); install one with: ${INSTALL_CHROMIUM_COMMAND}`);
  }
  return found;
}
