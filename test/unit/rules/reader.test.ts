import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRulesReader } from '../../../src/rules/reader.js';

const file = (rules: string) => `blogs:\n  - id: 3\n    name: A\n    rules:\n${rules}\n`;

describe('src/rules/reader', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the changed file; a file whose rules do not validate leaves the start rules, said once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-rules-reader-'));
    dirs.push(dir);
    const configPath = join(dir, 'pressbridge.yaml');
    writeFileSync(configPath, file('      minReward: 500'));
    const warned: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warned.push(args), info: () => {} };
    const read = createRulesReader({ configPath, blogs: [{ id: 3, rules: { minReward: 100 } }], log });
    expect(read(3)).toEqual({ minReward: 500 });
    writeFileSync(configPath, file('      minReward: 700\n      vip: false'));
    expect(read(3)).toEqual({ minReward: 700, vip: false });
    writeFileSync(configPath, file('      minReward: -4'));
    expect(read(3)).toEqual({ minReward: 100 });
    expect(read(3)).toEqual({ minReward: 100 });
    expect(warned).toHaveLength(1);
    rmSync(configPath);
    expect(read(3)).toEqual({ minReward: 100 });
    expect(read(99)).toBeUndefined();
  });
});
