import { describe, expect, it } from 'vitest';
import { barChart, escapeXml, lineChart, niceTicks } from '../../src/report/svg-chart.ts';

describe('SVG charts', () => {
  it('picks round ticks that cover the data', () => {
    expect(niceTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(3, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('plots points inside the plot area in data order', () => {
    const svg = lineChart({ title: 't', xLabel: 'x', yLabel: 'y', series: [{ name: 's', points: [[0, 0], [1, 1]] }], xMax: 1, yMax: 1 });
    const points = /<polyline[^>]*points="([^"]+)"/.exec(svg)![1]!.split(' ').map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(2);
    // y grows downwards in SVG: the (1,1) point is right of and above (0,0).
    expect(points[1]![0]!).toBeGreaterThan(points[0]![0]!);
    expect(points[1]![1]!).toBeLessThan(points[0]![1]!);
  });

  it('draws one bar per non-null value and escapes labels', () => {
    const svg = barChart({ title: 'a<b', xLabel: 'x', yLabel: 'y', categories: ['0', '1', '2'], series: [{ name: 'n', values: [1, null, 3] }] });
    expect((svg.match(/<rect x=/g) ?? []).length - 1 /* legend swatch */).toBe(2);
    expect(svg).toContain('a&lt;b');
    expect(escapeXml(`"'&`)).toBe('&quot;&#39;&amp;');
  });
});
