/**
 * The static site's checks for `pressbridge doctor` and `checkReachable`: the folder writable (or creatable),
 * free space, a foreign index.html, the built-in server answering, and the public address serving the folder.
 */
import { access, constants, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Clock } from '../../src/clock.js';
import { errorMessage, PublishError } from '../../src/errors.js';
import type { DiagnosticCheck, ReachabilityResult } from '../../src/publisher/types.js';
import { errorCode, StaticErrorCode, toPublishError } from './errors.js';
import type { StaticOptions } from './options.js';
import { isGeneratedPage } from './page.js';
import { STATE_DIR } from './paths.js';
import type { SiteServing } from './serving.js';
import type { SiteFolder } from './site.js';

const CHECK_TIMEOUT_MS = 10_000;
const LOW_SPACE_BYTES = 100 * 1024 * 1024;

export interface StaticCheckDeps {
  dir: string;
  options: StaticOptions;
  site: SiteFolder;
  /** Present exactly when `options.serve` is. */
  serving: SiteServing | undefined;
  fetch: typeof fetch | undefined;
  clock: Clock;
}

/** Whether pressbridge can write the folder (or create it); no file is written. */
async function folderWritable(dir: string): Promise<{ ok: boolean; detail: string }> {
  let path = dir;
  for (;;) {
    try {
      await access(path, constants.W_OK | constants.X_OK);
      return {
        ok: true,
        detail: path === dir ? `folder ${dir} is writable` : `folder ${dir} will be created in ${path}`,
      };
    } catch (error) {
      const code = errorCode(error);
      const parent = dirname(path);
      if (code !== 'ENOENT' || parent === path) {
        return { ok: false, detail: `folder ${path} is not writable (${code ?? errorMessage(error)})` };
      }
      path = parent;
    }
  }
}

async function probe(
  fetchImpl: typeof fetch | undefined,
  url: string,
  method: 'HEAD' | 'GET',
  signal?: AbortSignal,
): Promise<number> {
  const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  // Looked up at call time: a test's HTTP mock may replace the global fetch after this publisher exists.
  const response = await (fetchImpl ?? globalThis.fetch)(url, {
    method,
    redirect: 'follow',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  await response.body?.cancel().catch(() => undefined);
  return response.status;
}

export async function checkReachable(
  deps: StaticCheckDeps,
  signal?: AbortSignal,
): Promise<ReachabilityResult> {
  const { dir, options } = deps;
  const folder = await folderWritable(dir);
  if (!folder.ok) return folder;
  if (!options.serve || !deps.serving) {
    return { ok: true, detail: `${folder.detail}; published at ${options.baseUrl}` };
  }
  const serving = deps.serving;
  try {
    const served = await serving.ensure();
    const status = await probe(deps.fetch, served.url, 'HEAD', signal);
    return { ok: status < 500, detail: `${folder.detail}; serving at ${served.url} (HEAD / → ${status})` };
  } catch (error) {
    return { ok: false, detail: `${folder.detail}; server: ${errorMessage(error)}` };
  }
}

export async function diagnose(deps: StaticCheckDeps, signal?: AbortSignal): Promise<DiagnosticCheck[]> {
  const { dir, options, site } = deps;
  const checks: DiagnosticCheck[] = [];
  const folderName = `static site folder ${dir}`;
  try {
    await site.prepare();
    await site.writeFileAtomic(`${STATE_DIR}/doctor-probe`, `${deps.clock.now().toISOString()}\n`);
    await rm(join(dir, STATE_DIR, 'doctor-probe'), { force: true });
    checks.push({ name: folderName, status: 'ok', detail: 'writable' });
  } catch (error) {
    const failure = toPublishError(error, dir, 'a test file');
    checks.push({ name: folderName, status: 'fail', detail: failure.message, fix: fixOf(failure.message) });
  }
  try {
    const space = await statfs(dir);
    const free = space.bavail * space.bsize;
    checks.push(
      free < LOW_SPACE_BYTES
        ? {
            name: `free space for ${dir}`,
            status: 'warn',
            detail: `${Math.round(free / 1024 / 1024)} MB free`,
            fix: 'free some space: every article needs room for its photos',
          }
        : {
            name: `free space for ${dir}`,
            status: 'ok',
            detail: `${Math.round(free / 1024 / 1024)} MB free`,
          },
    );
  } catch {
    // the folder check above already says why the folder is unusable
  }
  if (options.indexPage) {
    const existing = await site.readText('index.html').catch(() => undefined);
    if (existing !== undefined && !isGeneratedPage(existing)) {
      checks.push({
        name: `index page ${dir}/index.html`,
        status: 'warn',
        detail: 'was not written by pressbridge, so it is left alone and no list of articles is kept',
        fix: 'set indexPage: false, or move that index.html away',
      });
    }
  }
  if (options.serve && deps.serving) {
    const serving = deps.serving;
    const name = `file server on ${options.serve.host}:${options.serve.port || 'any free port'}`;
    try {
      const served = await serving.ensure();
      const status = await probe(deps.fetch, served.url, 'HEAD', signal);
      checks.push({ name, status: 'ok', detail: `serving ${dir} at ${served.url} (HEAD / → ${status})` });
    } catch (error) {
      const inUse = error instanceof PublishError && error.code === StaticErrorCode.portInUse;
      checks.push({
        name,
        status: inUse ? 'warn' : 'fail',
        detail: errorMessage(error),
        fix: inUse
          ? 'fine while the pressbridge daemon itself is running and serving the folder; otherwise free the port'
          : 'check serve.host and serve.port',
      });
    }
  }
  if (options.baseUrl !== undefined) {
    const name = `public address ${options.baseUrl}`;
    try {
      const status = await probe(deps.fetch, options.baseUrl, 'GET', signal);
      if (status >= 200 && status < 300) {
        checks.push({ name, status: 'ok', detail: `GET → ${status}` });
      } else if (status === 404 || status === 403) {
        checks.push({
          name,
          status: 'warn',
          detail: `GET → ${status}: no index page there (yet)`,
          fix: `after the first article, make sure ${dir} is what the web server serves at ${options.baseUrl} (see the static plugin's README: rsync or a web server pointed at the folder)`,
        });
      } else {
        checks.push({
          name,
          status: 'fail',
          detail: `GET → ${status}`,
          fix: `serve ${dir} at ${options.baseUrl}, or correct the option baseUrl`,
        });
      }
    } catch (error) {
      checks.push({
        name,
        status: 'fail',
        detail: `no answer: ${errorMessage(error)}`,
        fix: `serve ${dir} at ${options.baseUrl} (a web server, or serve: {} behind a reverse proxy), or correct the option baseUrl`,
      });
    }
  }
  return checks;
}

/** The part of an error message after the colon that says what to do. */
function fixOf(message: string): string {
  const at = message.lastIndexOf('): ');
  return at < 0 ? message : message.slice(at + 3);
}
