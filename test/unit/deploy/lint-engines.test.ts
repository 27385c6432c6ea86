/**
 * The engines lint (scripts/lint-engines.ts) over fake package trees, and the range reader under it
 * (src/node-engines.ts) with the forms the lockfile holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { engineProblems } from '../../../scripts/lint-engines.js';
import { engineMinimum, parseVersion, satisfies } from '../../../src/node-engines.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with our engines.node and a lockfile of the given packages. */
function tree(ours: string | undefined, packages: Record<string, object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-engines-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'x', engines: ours ? { node: ours } : {} }),
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'x' }, ...packages } }),
  );
  return dir;
}

describe('scripts/lint-engines', () => {
  it('passes when our minimum satisfies every production dependency', () => {
    const dir = tree('>=22.12.0', {
      'node_modules/sanitize-html': { version: '2.18.1', engines: { node: '>=22.12.0' } },
      'node_modules/prom-client': { version: '15.1.3', engines: { node: '^16 || ^18 || >=20' } },
      'node_modules/a/node_modules/split2': { version: '4.2.0', engines: { node: '>= 10.x' } },
      'node_modules/no-engines': { version: '1.0.0' },
    });
    expect(engineProblems(dir)).toEqual([]);
  });

  it('names each production dependency our minimum does not satisfy, nested ones too', () => {
    const dir = tree('>=20.19.0', {
      'node_modules/sanitize-html': { version: '2.18.1', engines: { node: '>=22.12.0' } },
      'node_modules/express/node_modules/content-type': { version: '3.1.1', engines: { node: '>=22' } },
      'node_modules/ok': { version: '1.0.0', engines: { node: '>=18' } },
    });
    expect(engineProblems(dir)).toEqual([
      'sanitize-html@2.18.1 needs node ">=22.12.0"; our engines.node ">=20.19.0" allows 20.19.0',
      'content-type@3.1.1 needs node ">=22"; our engines.node ">=20.19.0" allows 20.19.0',
    ]);
  });

  it('leaves out dev dependencies and optional packages of other operating systems, not Linux ones', () => {
    const dir = tree('>=22.12.0', {
      'node_modules/vite': { version: '7.0.0', dev: true, engines: { node: '>=24' } },
      'node_modules/@img/sharp-win32-ia32': {
        version: '0.35.5',
        optional: true,
        os: ['win32'],
        engines: { node: '^20.9.0' },
      },
      'node_modules/@img/sharp-linux-arm': {
        version: '0.35.5',
        optional: true,
        os: ['linux'],
        engines: { node: '^20.9.0' },
      },
    });
    expect(engineProblems(dir)).toEqual([
      '@img/sharp-linux-arm@0.35.5 needs node "^20.9.0"; our engines.node ">=22.12.0" allows 22.12.0',
    ]);
  });

  it('refuses what it cannot read instead of passing it', () => {
    expect(engineProblems(tree('>=20.19', {}))).toEqual([
      'package.json: engines.node must be one lower bound ">=X.Y.Z", not ">=20.19"',
    ]);
    expect(engineProblems(tree(undefined, {}))).toEqual(['package.json has no engines.node']);
    const dir = tree('>=22.12.0', {
      'node_modules/odd': { version: '1.0.0', engines: { node: '20 - 24' } },
    });
    expect(engineProblems(dir)).toEqual([
      'odd@1.0.0: cannot read the engines range "20 - 24"; compare it by hand and extend src/node-engines.ts',
    ]);
  });

  it('this checkout: our engines.node covers every production dependency of package-lock.json', () => {
    expect(engineProblems(resolve(import.meta.dirname, '../../..'))).toEqual([]);
  });
});

describe('src/node-engines', () => {
  it.each([
    ['22.12.0', '>=22.12.0', true],
    ['22.11.9', '>=22.12.0', false],
    ['22.12.0', '>= 20', true],
    ['22.12.0', '>=20.x', true],
    ['22.12.0', '^20.19.0 || >=22.12.0', true],
    ['21.0.0', '^20.19.0 || >=22.12.0', false],
    ['20.99.0', '^20.9.0', true],
    ['22.12.0', '^20.9.0', false],
    ['22.12.0', '^20.0.0 || ^22.0.0 || >=24.0.0', true],
    ['22.12.0', '^20.12||^22.13||>=24.0', false],
    ['19.0.0', '>=18.20.0 <20 || >=20.12.1', true],
    ['20.0.0', '>=18.20.0 <20 || >=20.12.1', false],
    ['22.12.0', '10.* || >= 12.*', true],
    ['0.6.5', '^0.6.2', true],
    ['0.7.0', '^0.6.2', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['20.5.0', '20', true],
    ['21.0.0', '<=20', false],
    ['22.0.0', '*', true],
  ] as const)('%s in "%s": %s', (version, range, expected) => {
    expect(satisfies(parseVersion(version), range)).toBe(expected);
  });

  it.each(['20 - 24', '>=22.0.0-rc.1', 'latest', '>=', '22.x.1'])('refuses the range "%s"', (range) => {
    expect(() => satisfies(parseVersion('22.12.0'), range)).toThrow(
      `cannot read the engines range "${range}"`,
    );
  });

  it('reads our own engines.node as one lower bound only', () => {
    expect(engineMinimum('>=22.12.0')).toEqual([22, 12, 0]);
    expect(() => engineMinimum('^22.12.0')).toThrow(/one lower bound/);
    expect(parseVersion('v26.12.1')).toEqual([26, 12, 1]);
  });
});
