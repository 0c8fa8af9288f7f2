/**
 * Tiny inline-SVG charts (line and grouped bar) for the self-contained HTML report: no
 * library, no CDN, no external reference of any kind — the page must open offline.
 */

export interface LineSeries {
  name: string;
  points: readonly (readonly [number, number])[];
  /** Draw as a step function (value holds until the next x), e.g. a PR curve. */
  step?: boolean;
}

export interface LineChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly LineSeries[];
  /** Axis ranges; default [0, max of the data] (at least [0, 1]). */
  xMax?: number;
  yMax?: number;
  /** Dashed y = x line (chance level of a ROC curve). */
  diagonal?: boolean;
}

export interface BarSeries {
  name: string;
  values: readonly (number | null)[];
}

export interface BarChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  categories: readonly string[];
  series: readonly BarSeries[];
  yMax?: number;
}

const WIDTH = 520;
const HEIGHT = 320;
const MARGIN = { left: 60, right: 20, top: 34, bottom: 64 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const fmt = (v: number) => (Math.abs(v) >= 1000 || Number.isInteger(v) ? String(Math.round(v)) : String(Number(v.toPrecision(3))));
const px = (v: number) => v.toFixed(1);

/** About five round tick values from 0 to max (whole steps for counts). */
export function niceTicks(max: number, whole = false): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = whole ? Math.max(1, max / 5) : max / 5;
  const pow = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}

function frame(title: string, xLabel: string, yLabel: string, body: string, legend: readonly string[]): string {
  const legendItems = legend
    .map((name, i) => {
      const x = MARGIN.left + i * 150;
      return `<rect x="${x}" y="${HEIGHT - 18}" width="12" height="12" fill="${COLOURS[i % COLOURS.length]}"/><text x="${x + 16}" y="${HEIGHT - 8}" font-size="11">${escapeXml(name)}</text>`;
    })
    .join('');
  return [
    `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeXml(title)}" font-family="sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<text x="${WIDTH / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
    body,
    `<text x="${MARGIN.left + PLOT_W / 2}" y="${HEIGHT - 28}" text-anchor="middle" font-size="12">${escapeXml(xLabel)}</text>`,
    `<text transform="translate(14 ${MARGIN.top + PLOT_H / 2}) rotate(-90)" text-anchor="middle" font-size="12">${escapeXml(yLabel)}</text>`,
    legendItems,
    '</svg>',
  ].join('\n');
}

function yAxis(yTicks: readonly number[], yMax: number): string {
  return yTicks
    .map((t) => {
      const y = MARGIN.top + PLOT_H - (t / yMax) * PLOT_H;
      return `<line x1="${MARGIN.left}" x2="${MARGIN.left + PLOT_W}" y1="${px(y)}" y2="${px(y)}" stroke="#ddd"/><text x="${MARGIN.left - 6}" y="${px(y + 4)}" text-anchor="end" font-size="11">${fmt(t)}</text>`;
    })
    .join('');
}

const axesLines = `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${MARGIN.top + PLOT_H}" stroke="#333"/><line x1="${MARGIN.left}" y1="${MARGIN.top + PLOT_H}" x2="${MARGIN.left + PLOT_W}" y2="${MARGIN.top + PLOT_H}" stroke="#333"/>`;

export function lineChart(o: LineChartOptions): string {
  const allPoints = o.series.flatMap((s) => s.points);
  const xTicks = niceTicks(o.xMax ?? Math.max(1, ...allPoints.map((p) => p[0])));
  const yTicks = niceTicks(o.yMax ?? Math.max(1, ...allPoints.map((p) => p[1])));
  const xMax = xTicks[xTicks.length - 1]!;
  const yMax = yTicks[yTicks.length - 1]!;
  const sx = (x: number) => MARGIN.left + (x / xMax) * PLOT_W;
  const sy = (y: number) => MARGIN.top + PLOT_H - (y / yMax) * PLOT_H;
  const xAxis = xTicks.map((t) => `<text x="${px(sx(t))}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">${fmt(t)}</text>`).join('');
  const diagonal = o.diagonal ? `<line x1="${px(sx(0))}" y1="${px(sy(0))}" x2="${px(sx(Math.min(xMax, yMax)))}" y2="${px(sy(Math.min(xMax, yMax)))}" stroke="#999" stroke-dasharray="4 4"/>` : '';
  const lines = o.series
    .map((s, i) => {
      const pts: string[] = [];
      s.points.forEach(([x, y], k) => {
        const prev = s.points[k - 1];
        if (s.step && prev) pts.push(`${px(sx(x))},${px(sy(prev[1]))}`);
        pts.push(`${px(sx(x))},${px(sy(y))}`);
      });
      const colour = COLOURS[i % COLOURS.length];
      const dots = s.points.length <= 60 ? s.points.map(([x, y]) => `<circle cx="${px(sx(x))}" cy="${px(sy(y))}" r="2.5" fill="${colour}"/>`).join('') : '';
      return `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${pts.join(' ')}"/>${dots}`;
    })
    .join('\n');
  const empty = allPoints.length ? '' : `<text x="${MARGIN.left + PLOT_W / 2}" y="${MARGIN.top + PLOT_H / 2}" text-anchor="middle" font-size="12" fill="#777">no data</text>`;
  return frame(o.title, o.xLabel, o.yLabel, [yAxis(yTicks, yMax), xAxis, axesLines, diagonal, lines, empty].join('\n'), o.series.map((s) => s.name));
}

export function barChart(o: BarChartOptions): string {
  const values = o.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yTicks = niceTicks(o.yMax ?? Math.max(1, ...values), values.every(Number.isInteger));
  const yMax = yTicks[yTicks.length - 1]!;
  const groupW = o.categories.length ? PLOT_W / o.categories.length : PLOT_W;
  const barW = (groupW * 0.8) / Math.max(1, o.series.length);
  const bars = o.categories
    .map((cat, c) => {
      const gx = MARGIN.left + c * groupW + groupW * 0.1;
      const label = `<text x="${px(MARGIN.left + (c + 0.5) * groupW)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">${escapeXml(cat)}</text>`;
      const rects = o.series
        .map((s, i) => {
          const v = s.values[c];
          if (v === null || v === undefined) return '';
          const h = (v / yMax) * PLOT_H;
          return `<rect x="${px(gx + i * barW)}" y="${px(MARGIN.top + PLOT_H - h)}" width="${px(Math.max(1, barW - 1))}" height="${px(h)}" fill="${COLOURS[i % COLOURS.length]}"><title>${escapeXml(`${s.name} @ ${cat}: ${fmt(v)}`)}</title></rect>`;
        })
        .join('');
      return label + rects;
    })
    .join('\n');
  const empty = o.categories.length ? '' : `<text x="${MARGIN.left + PLOT_W / 2}" y="${MARGIN.top + PLOT_H / 2}" text-anchor="middle" font-size="12" fill="#777">no data</text>`;
  return frame(o.title, o.xLabel, o.yLabel, [yAxis(yTicks, yMax), axesLines, bars, empty].join('\n'), o.series.map((s) => s.name));
}
