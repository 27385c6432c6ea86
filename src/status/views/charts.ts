/**
 * Charts drawn on the server (issue 30 item 6): a bar chart as inline SVG, no script, within the page's CSP
 * (`style-src 'self'`: colours come from classes in the stylesheet, ./../assets.ts, never from `style`
 * attributes). One group of bars per label (a month), one bar per series (paid; offers made / accepted /
 * refused). Every bar carries its value as a `<title>` (shown on hover and read by screen readers), and the
 * figure is followed by the same numbers as a table for whoever cannot see it; the chart draws, the table tells.
 *
 * Every text is escaped by `html`; numbers are the caller's (bounded where they entered: src/marketplace/money.ts).
 */
import { html, type SafeHtml } from '../html.js';

export interface ChartSeries {
  /** The class suffix (`bar-<key>`) and data attribute: a fixed word of ours, never input. */
  key: string;
  /** The legend's words. */
  label: string;
}

export interface ChartGroup {
  /** Under the group (a month's short name). */
  label: string;
  /** One value per series, in the series' order; negative values are drawn as 0. */
  values: readonly number[];
}

export interface BarChart {
  /** The figure's `data-chart` and the ids of its title. */
  id: string;
  title: string;
  series: readonly ChartSeries[];
  groups: readonly ChartGroup[];
  /** A value as people read it (money, a count). */
  format(value: number): string;
  /** Words under the chart (what it counts, where from). */
  hint?: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const TOP = 18;
const BOTTOM = 24;
const LEFT = 4;
const GAP = 0.25;

/** The height of the tallest bar's scale: the largest value, at least 1 so an empty chart draws flat. */
function scaleOf(groups: readonly ChartGroup[]): number {
  let max = 0;
  for (const group of groups) for (const value of group.values) if (value > max) max = value;
  return max > 0 ? max : 1;
}

const round = (n: number): string => (Math.round(n * 10) / 10).toString();

export function barChart(chart: BarChart): SafeHtml {
  const { id, title, series, groups } = chart;
  const max = scaleOf(groups);
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(1, groups.length);
  const barWidth = (slot * (1 - GAP)) / Math.max(1, series.length);
  const bars = groups.map((group, g) => {
    const x0 = LEFT + g * slot + (slot * GAP) / 2;
    const rects = series.map((s, i) => {
      const value = Math.max(0, group.values[i] ?? 0);
      const h = (value / max) * plot;
      const y = TOP + plot - h;
      return html`<rect class="bar bar-${s.key}" data-value="${value}" x="${round(x0 + i * barWidth)}" y="${round(y)}" width="${round(barWidth)}" height="${round(h)}"><title>${group.label}: ${s.label} ${chart.format(value)}</title></rect>`;
    });
    const cx = x0 + (slot * (1 - GAP)) / 2;
    return html`<g data-group="${group.label}">${rects}<text class="chart-label" x="${round(cx)}" y="${HEIGHT - 6}" text-anchor="middle">${group.label}</text></g>`;
  });
  const legend =
    series.length > 1
      ? html`<ul class="chart-legend">${series.map((s) => html`<li><span class="swatch bar-${s.key}"></span>${s.label}</li>`)}</ul>`
      : '';
  return html`<figure class="chart" data-chart="${id}">
<figcaption id="${id}-title">${title}</figcaption>
<svg class="chart-svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-title">
<line class="chart-axis" x1="${LEFT}" y1="${TOP + plot}" x2="${WIDTH}" y2="${TOP + plot}"></line>
<text class="chart-label" x="${LEFT}" y="12">${chart.format(max === 1 && groups.every((g) => g.values.every((v) => v <= 0)) ? 0 : max)}</text>
${bars}
</svg>
${legend}
${chart.hint ? html`<p class="hint">${chart.hint}</p>` : ''}
<table class="visually-hidden"><caption>${title}</caption><thead><tr><th></th>${series.map((s) => html`<th>${s.label}</th>`)}</tr></thead><tbody>
${groups.map((g) => html`<tr><th>${g.label}</th>${series.map((_, i) => html`<td>${chart.format(Math.max(0, g.values[i] ?? 0))}</td>`)}</tr>`)}
</tbody></table>
</figure>`;
}

/** The `count` months ending with `month` (`YYYY-MM`), oldest first. */
export function lastMonths(month: string, count: number): string[] {
  const [year = 0, mm = 1] = month.split('-').map(Number);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (mm - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}
