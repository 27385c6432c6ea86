/**
 * Names the file the scenarios write their summary rows to, and prints the summary table after the run.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { formatTable, readRows } from './report.js';

export default function setup(project: TestProject): () => void {
  const file = join(tmpdir(), `pressbridge-faults-${process.pid}-${Date.now()}.jsonl`);
  const started = Date.now();
  project.provide('faultsReport', file);
  return () => {
    const rows = readRows(file);
    rmSync(file, { force: true });
    const wall = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `\nFault-injection suite: ${rows.length} scenarios, ${wall} s in all\n\n${formatTable(rows)}\n`,
    );
  };
}
