/**
 * Part of `npm run lint`: our `engines.node` (package.json) must be at least what every production dependency
 * asks for in its own `engines.node`, so that no supported Node runs a dependency on a Node it does not support
 * (sanitize-html, the sanitiser every advertiser's text goes through, asks for >=22.12.0).
 *
 * The dependencies are read from package-lock.json, which records each package's `engines` as npm ci installs
 * it, on every platform (node_modules holds only this machine's optional packages). Production means every
 * lockfile entry not marked `dev`. An optional package for an operating system other than Linux (sharp's
 * Windows and macOS binaries) is left out: pressbridge runs on Linux (Debian, the Docker image) only.
 *
 *   npx tsx scripts/lint-engines.ts            exit 1 naming each dependency our minimum does not satisfy
 *
 * test/unit/deploy/lint-engines.test.ts runs it over a fake package tree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { errorMessage } from '../src/errors.js';
import { engineMinimum, formatVersion, satisfies } from '../src/node-engines.js';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  engines?: { node?: string } | string[];
}

/** What is wrong, one line each; empty when our minimum satisfies every production dependency. */
export function engineProblems(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  const ours = pkg.engines?.node;
  if (!ours) return ['package.json has no engines.node'];
  let minimum: ReturnType<typeof engineMinimum>;
  try {
    minimum = engineMinimum(ours);
  } catch (error) {
    return [`package.json: ${errorMessage(error)}`];
  }
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages?: Record<string, LockEntry>;
  };
  if (!lock.packages) return ['package-lock.json has no "packages" (lockfileVersion 2 or newer is needed)'];
  const problems: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true) continue;
    if (entry.optional === true && entry.os && !entry.os.includes('linux')) continue;
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (range === undefined) continue;
    const name = `${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'}`;
    try {
      if (!satisfies(minimum, range))
        problems.push(
          `${name} needs node "${range}"; our engines.node "${ours}" allows ${formatVersion(minimum)}`,
        );
    } catch (error) {
      problems.push(`${name}: ${errorMessage(error)}; compare it by hand and extend src/node-engines.ts`);
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = engineProblems(root);
  for (const line of problems) console.error(`engines: ${line}`);
  if (problems.length > 0) {
    console.error(
      'engines: raise engines.node in package.json (and the Node versions the docs and .ci/run name)',
    );
    process.exit(1);
  }
  console.log('engines: every production dependency supports our engines.node');
}
