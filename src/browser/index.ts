export { findChromium, requireChromium, INSTALL_CHROMIUM_COMMAND, SYSTEM_CHROMIUM_PATHS } from './find-chromium.ts';
export type { FoundChromium, ChromiumSource } from './find-chromium.ts';
export { CLOSED_NETWORK_ARGS, chromiumLaunchOptions, launchChromium, crawleeLaunchContext } from './launch.ts';
export { startPlaywrightTrace } from './playwright-trace.ts';
export { AgentPages, DEFAULT_RECYCLE_PAGES_AFTER, type AgentPagesOptions } from './agent-pages.ts';
export { HostRateLimit, DEFAULT_HOST_RATE, MAX_CRAWL_DELAY_SEC, isLoopbackHost, type HostRateLimitOptions, type HostRateSummary } from './host-rate.ts';
