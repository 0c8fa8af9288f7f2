import { afterAll, describe, expect, it } from 'vitest';
import { groundTruth, startTestbed, TESTBED_DOMAINS, type TestbedHandle } from '../../src/testbed/index.ts';
import { buildSiteModel, clearSiteModelCache } from '../../src/testbed/model.ts';

const ORIGIN = 'http://127.0.0.1:18100';

describe('generator determinism', () => {
  it('builds the same site and truth from the same seed, for every domain', () => {
    const first = TESTBED_DOMAINS.map((domain) => JSON.stringify(groundTruth({ domain, seed: 7, origin: ORIGIN })));
    clearSiteModelCache();
    const second = TESTBED_DOMAINS.map((domain) => JSON.stringify(groundTruth({ domain, seed: 7, origin: ORIGIN })));
    expect(second).toEqual(first);
    // Also the records themselves, text included (truth lists only titles and attributes).
    expect(JSON.stringify(buildSiteModel('news', 'small', 7).records)).toBe(JSON.stringify(buildSiteModel('news', 'small', 7).records));
  });

  it('builds a different site from a different seed', () => {
    for (const domain of TESTBED_DOMAINS) {
      const a = groundTruth({ domain, seed: 1, origin: ORIGIN });
      const b = groundTruth({ domain, seed: 2, origin: ORIGIN });
      expect(b.records.map((r) => r.title)).not.toEqual(a.records.map((r) => r.title));
      expect(b.surfacePages.map((p) => p.url)).not.toEqual(a.surfacePages.map((p) => p.url));
    }
  });

  it('has roughly 60 / 300 / 3,000 / 30,000 records per scale', () => {
    expect(groundTruth({ domain: 'games', scale: 'tiny', origin: ORIGIN }).records).toHaveLength(60);
    expect(groundTruth({ domain: 'arts', scale: 'small', origin: ORIGIN }).records).toHaveLength(300);
    expect(groundTruth({ domain: 'arts', scale: 'medium', origin: ORIGIN }).records).toHaveLength(3000);
    // How fast `large` starts is measured by `surfacer bench testbed`, not asserted here.
    const large = buildSiteModel('shopping', 'large', 3);
    expect(large.records).toHaveLength(30000);
    expect(large.engine.keywordMatches(['leather'], 'all').length).toBeGreaterThan(0);
  });

  describe('served bytes', () => {
    const handles: TestbedHandle[] = [];
    afterAll(() => Promise.all(handles.map((h) => h.close())));

    it('serves byte-identical pages from two servers with the same seed, different ones with another seed', async () => {
      const domains = ['arts', 'computers', 'recreation'];
      const a = await startTestbed({ domains, seed: 5, port: 0, trouble: 'off' });
      const b = await startTestbed({ domains, seed: 5, port: 0, trouble: 'off' });
      const c = await startTestbed({ domains, seed: 6, port: 0, trouble: 'off' });
      handles.push(a, b, c);
      for (let i = 0; i < domains.length; i++) {
        const truth = groundTruth({ domain: domains[i]!, seed: 5, origin: a.sites[i]!.url });
        const paths = [...truth.surfacePages.slice(0, 40).map((p) => new URL(p.url)), ...truth.records.slice(0, 10).map((r) => new URL(r.url))].map((u) => u.pathname + u.search);
        for (const path of paths) {
          const [x, y] = await Promise.all([a, b].map((h) => fetch(new URL(path, h.sites[i]!.url)).then((r) => r.text())));
          expect(y, path).toBe(x);
        }
        const homes = await Promise.all([a, c].map((h) => fetch(h.sites[i]!.url).then((r) => r.text())));
        expect(homes[1]).not.toBe(homes[0]);
      }
    });
  });
});
