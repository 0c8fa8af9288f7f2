import { chromium, type Browser, type LaunchOptions } from 'playwright';
import { requireChromium } from './find-chromium.ts';

/**
 * Flags for a machine with no internet: without the background-networking ones Chromium
 * keeps dialling Google services and floods the closed network with refused connections.
 */
export const CLOSED_NETWORK_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launch options every part of Surfacer uses: Playwright, Crawlee and playwright.config.ts. */
export function chromiumLaunchOptions(extra: LaunchOptions = {}): LaunchOptions {
  const { executablePath } = requireChromium();
  return {
    headless: true,
    ...extra,
    executablePath,
    args: [...CLOSED_NETWORK_ARGS, ...(extra.args ?? [])],
  };
}

export function launchChromium(extra: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(extra));
}

/** The `launchContext` to hand Crawlee's PlaywrightCrawler so it starts the same browser. */
export function crawleeLaunchContext(extra: LaunchOptions = {}): { launcher: typeof chromium; launchOptions: LaunchOptions; useChrome: false } {
  return { launcher: chromium, launchOptions: chromiumLaunchOptions(extra), useChrome: false };
}
