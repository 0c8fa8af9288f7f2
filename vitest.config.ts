import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * End-to-end files first. Without vitest's timing cache (a clean clone on CI) the base order is
 * by file size, and the short e2e files — minutes each — came last: one ran alone at the end
 * while the other worker sat idle. Starting the long files first lets the unit tests fill in.
 */
class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = (f: TestSpecification) => /\.e2e\.test\.ts$/.test(f.moduleId);
    return [...sorted.filter(e2e), ...sorted.filter((f) => !e2e(f))];
  }
}

// Two cores on CI: end-to-end tests each start Chromium, so keep at most two test files at once.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: EndToEndFirst },
  },
});
