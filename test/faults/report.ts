/**
 * The suite's summary table: each scenario appends one row (a JSON line) to a file named by the global setup,
 * which prints the table once every scenario has run.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';

export interface ScenarioRow {
  scenario: string;
  deals: number;
  published: number;
  duplicates: number;
  lost: number;
  wallMs: number;
  /** A few words on what else the scenario measured (kills, 503s, injected errors …). */
  notes?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultsReport: string;
  }
}

/** Adds the scenario's row to the summary printed at the end of the run. */
export function recordScenario(row: ScenarioRow): void {
  appendFileSync(inject('faultsReport'), `${JSON.stringify(row)}\n`);
}

export function readRows(file: string): ScenarioRow[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ScenarioRow);
}

/** The issue's order; a scenario not listed goes last. */
const ORDER = ['burst', 'redis', 'daemon down', 'marketplace', 'site', 'hostile'];
const rank = (row: ScenarioRow): number => {
  const i = ORDER.findIndex((prefix) => row.scenario.toLowerCase().startsWith(prefix));
  return i === -1 ? ORDER.length : i;
};

export function formatTable(unordered: readonly ScenarioRow[]): string {
  const rows = [...unordered].sort((a, b) => rank(a) - rank(b));
  const header = ['scenario', 'deals', 'published', 'duplicates', 'lost', 'wall time', 'notes'];
  const body = rows.map((r) => [
    r.scenario,
    String(r.deals),
    String(r.published),
    String(r.duplicates),
    String(r.lost),
    `${(r.wallMs / 1000).toFixed(1)} s`,
    r.notes ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => (i >= 1 && i <= 5 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i >= 1 && i <= 5 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...body.map(line)].join('\n');
}
