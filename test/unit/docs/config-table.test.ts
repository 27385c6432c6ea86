import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_DOC,
  configTable,
  END,
  START,
  WRITE_COMMAND,
  withTable,
} from '../../../scripts/config-table.js';

describe('scripts/config-table.ts', () => {
  it('docs/configuration.md holds the table generated from src/config/schema.ts', () => {
    const doc = readFileSync(CONFIG_DOC, 'utf8');
    const stale = withTable(doc, configTable()) !== doc;
    expect(stale, `docs/configuration.md's config table is stale; run: ${WRITE_COMMAND}`).toBe(false);
  });

  it('lists every top-level key of the schema with its type and default', () => {
    const table = configTable();
    expect(table).toContain('| `marketplace.baseUrl` | URL | required |');
    expect(table).toContain('| `worker.attempts` | integer 1–20 | `8` |');
    expect(table).toContain('| `blogs` | list | `[]` |');
    expect(table).toMatch(/\| `notify\.channels\[type=telegram\]\.botToken` \| string \| required \| .+ \|/);
  });

  it('replaces only what lies between the markers, and refuses a page without them', () => {
    const doc = `intro\n${START}\nold\n${END}\noutro\n`;
    expect(withTable(doc, 'new')).toBe(`intro\n${START}\nnew\n${END}\noutro\n`);
    expect(() => withTable('no markers', 'new')).toThrow(/lacks the markers/);
  });
});
