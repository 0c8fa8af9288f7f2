import { defineConfig } from 'playwright/test';
import { chromiumLaunchOptions } from './src/browser/index.ts';

// Tests run under vitest; this config lets `npx playwright` tools (codegen, trace viewer,
// ad-hoc scripts) start the same Chromium with the same closed-network flags.
export default defineConfig({
  testDir: 'test',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
});
