import { describe, expect, it } from 'vitest';
import { attributeLines, labelPage, type PageEvidence } from '../../src/agent/page-labels.ts';

const evidence = (e: Partial<PageEvidence>): PageEvidence => ({ via: 'link', resultListSize: 0, statesTotal: false, attributeLines: 0, hasQuery: false, searchForms: 0, ...e });

describe('labelPage', () => {
  it('labels by route and grades the deep-page score by what the page shows', () => {
    const surface = labelPage(evidence({ via: 'link' }));
    const result = labelPage(evidence({ via: 'form', resultListSize: 10, statesTotal: true, hasQuery: true }));
    const record = labelPage(evidence({ via: 'record-link', attributeLines: 5 }));
    expect([surface.kind, result.kind, record.kind]).toEqual(['surface', 'result', 'record']);
    expect(surface.score).toBeLessThan(0.5);
    expect(result.score).toBeGreaterThan(0.9);
    expect(record.score).toBeGreaterThan(0.9);
    // A surface page that looks like a record (a featured record) scores higher than a plain one.
    expect(labelPage(evidence({ via: 'link', attributeLines: 6 })).score).toBeGreaterThan(surface.score);
  });
});

describe('attributeLines', () => {
  it('reads "Key: value" lines and ignores prose', () => {
    expect(attributeLines('Blue Horse\nArtist: Franz Marc\nYear: 1911\nA painting of a horse: blue.')).toEqual({ artist: 'Franz Marc', year: '1911' });
  });
});
