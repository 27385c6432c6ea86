/**
 * Node versions against `engines.node` ranges: the few forms package.json files use (`>=22.12.0`, `>= 20`,
 * `^20.19.0 || >=22.12.0`, `20.x`, `~1.2`, `>=18.20.0 <20`), read strictly. A range in any other form (a
 * hyphen range, a pre-release, `latest`) is an error naming it, never a guess: the engines lint
 * (scripts/lint-engines.ts) must not pass a dependency it could not read. The `semver` package would read
 * them all, but it is only a dependency of our dev tools, not of pressbridge.
 *
 * Ours (package.json `engines.node`) is one lower bound, `>=X.Y.Z`: `service install` refuses a node below it.
 */
import { AppError } from './errors.js';

export type Version = readonly [number, number, number];

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function unreadable(range: string): AppError {
  return new AppError('engines_unreadable', `cannot read the engines range "${range}"`);
}

/** "v22.12.0", "22.12.0" → [22, 12, 0]; refuses anything else. */
export function parseVersion(text: string): Version {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!m) throw new AppError('engines_unreadable', `cannot read the Node version "${text}"`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** One comparator as a test; partial versions (`20`, `20.x`, `20.9`) as npm reads them. */
function comparator(text: string, range: string): (v: Version) => boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(text);
  if (!m) throw unreadable(range);
  const op = m[1] ?? '=';
  const parts = [m[2], m[3], m[4]].map((p) =>
    p === undefined || p === 'x' || p === '*' ? undefined : Number(p),
  );
  const given = parts.indexOf(undefined);
  const precision = given === -1 ? 3 : given; // how many parts were given: 1, 2 or 3
  if (parts.slice(precision).some((p) => p !== undefined)) throw unreadable(range);
  const low: Version = [parts[0]!, parts[1] ?? 0, parts[2] ?? 0];
  // The first version above the given parts: 20 → 21.0.0, 20.9 → 20.10.0, 20.9.1 → 20.9.2.
  const next: Version =
    precision === 1
      ? [low[0] + 1, 0, 0]
      : precision === 2
        ? [low[0], low[1] + 1, 0]
        : [low[0], low[1], low[2] + 1];
  const below = (v: Version, bound: Version) => compare(v, bound) < 0;
  switch (op) {
    case '>=':
      return (v) => compare(v, low) >= 0;
    case '>':
      return (v) => compare(v, next) >= 0;
    case '<':
      return (v) => below(v, low);
    case '<=':
      return (v) => below(v, next);
    case '=':
      return (v) => compare(v, low) >= 0 && below(v, next);
    case '~':
      return (v) => compare(v, low) >= 0 && below(v, precision === 1 ? next : [low[0], low[1] + 1, 0]);
    default: {
      // ^: the left-most non-zero part stays (^20.9.0 → <21.0.0; ^0.6.2 → <0.7.0).
      const upper: Version =
        low[0] > 0 || precision === 1
          ? [low[0] + 1, 0, 0]
          : low[1] > 0 || precision === 2
            ? [0, low[1] + 1, 0]
            : [0, 0, low[2] + 1];
      return (v) => compare(v, low) >= 0 && below(v, upper);
    }
  }
}

/** Whether `version` lies in `range` (alternatives joined by `||`, each a space-separated set of comparators). */
export function satisfies(version: Version, range: string): boolean {
  const alternatives = range.split('||').map((alt) => {
    const tokens = alt
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/);
    if (tokens.length === 1 && (tokens[0] === '*' || tokens[0] === 'x')) return [() => true];
    if (tokens.some((t) => t === '')) throw unreadable(range);
    return tokens.map((t) => comparator(t, range));
  });
  return alternatives.some((tests) => tests.every((test) => test(version)));
}

/** Our own `engines.node`: exactly one lower bound, `>=X.Y.Z`. */
export function engineMinimum(range: string): Version {
  const m = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (!m)
    throw new AppError(
      'engines_unreadable',
      `engines.node must be one lower bound ">=X.Y.Z", not "${range}"`,
    );
  return parseVersion(m[1]!);
}

export function formatVersion(v: Version): string {
  return v.join('.');
}
