/**
 * The static site's checks for `pressbridge doctor` and `checkReachable`: the folder writable (or creatable),
 * free space, a foreign index.html, the built-in server answering, and the public address serving the folder.
 */
import { access, constants, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Clock } from '../../src/clock.js';
import { errorSaid, PublishError } from '../../src/errors.js';
import { type PublisherPhrase, phrase } from '../../src/publisher/phrase.js';
import type { DiagnosticCheck, ReachabilityResult } from '../../src/publisher/types.js';
import { errorCode, fixOf, StaticErrorCode, toPublishError } from './errors.js';
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
async function folderWritable(dir: string): Promise<{ ok: boolean; detail: PublisherPhrase }> {
  let path = dir;
  for (;;) {
    try {
      await access(path, constants.W_OK | constants.X_OK);
      return {
        ok: true,
        detail:
          path === dir
            ? phrase('static.check.writable', { dir })
            : phrase('static.check.will_create', { dir, parent: path }),
      };
    } catch (error) {
      const code = errorCode(error);
      const parent = dirname(path);
      if (code !== 'ENOENT' || parent === path) {
        const reason = code ?? errorSaid(error);
        return { ok: false, detail: phrase('static.check.not_writable', { dir: path, reason }) };
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
    const url = options.baseUrl ?? '';
    return { ok: true, detail: phrase('static.reach.published', { folder: folder.detail, url }) };
  }
  const serving = deps.serving;
  try {
    const served = await serving.ensure();
    const status = String(await probe(deps.fetch, served.url, 'HEAD', signal));
    return {
      ok: Number(status) < 500,
      detail: phrase('static.reach.serving', { folder: folder.detail, url: served.url, status }),
    };
  } catch (error) {
    return {
      ok: false,
      detail: phrase('static.reach.server_failed', { folder: folder.detail, error: errorSaid(error) }),
    };
  }
}

export async function diagnose(deps: StaticCheckDeps, signal?: AbortSignal): Promise<DiagnosticCheck[]> {
  const { dir, options, site } = deps;
  const checks: DiagnosticCheck[] = [];
  const folderName = phrase('static.check.folder', { dir });
  try {
    await site.prepare();
    await site.writeFileAtomic(`${STATE_DIR}/doctor-probe`, `${deps.clock.now().toISOString()}\n`);
    await rm(join(dir, STATE_DIR, 'doctor-probe'), { force: true });
    checks.push({ name: folderName, status: 'ok', detail: phrase('static.check.folder_ok') });
  } catch (error) {
    const failure = toPublishError(error, dir, phrase('static.what.test_file'));
    const fix = fixOf(failure, dir);
    checks.push({ name: folderName, status: 'fail', detail: errorSaid(failure), ...(fix ? { fix } : {}) });
  }
  try {
    const space = await statfs(dir);
    const free = space.bavail * space.bsize;
    const name = phrase('static.check.space', { dir });
    const detail = phrase('static.check.space_free', { mb: Math.round(free / 1024 / 1024) });
    checks.push(
      free < LOW_SPACE_BYTES
        ? { name, status: 'warn', detail, fix: phrase('static.check.space_fix') }
        : { name, status: 'ok', detail },
    );
  } catch {
    // the folder check above already says why the folder is unusable
  }
  if (options.indexPage) {
    const existing = await site.readText('index.html').catch(() => undefined);
    if (existing !== undefined && !isGeneratedPage(existing)) {
      checks.push({
        name: phrase('static.check.index', { dir }),
        status: 'warn',
        detail: phrase('static.check.index_foreign'),
        fix: phrase('static.check.index_fix'),
      });
    }
  }
  if (options.serve && deps.serving) {
    const serving = deps.serving;
    const port = options.serve.port ? String(options.serve.port) : phrase('static.check.any_port');
    const name = phrase('static.check.server', { host: options.serve.host, port });
    try {
      const served = await serving.ensure();
      const status = String(await probe(deps.fetch, served.url, 'HEAD', signal));
      checks.push({
        name,
        status: 'ok',
        detail: phrase('static.check.serving', { dir, url: served.url, status }),
      });
    } catch (error) {
      const inUse = error instanceof PublishError && error.code === StaticErrorCode.portInUse;
      checks.push({
        name,
        status: inUse ? 'warn' : 'fail',
        detail: errorSaid(error),
        fix: inUse ? phrase('static.check.server_in_use_fix') : phrase('static.check.server_fix'),
      });
    }
  }
  if (options.baseUrl !== undefined) {
    const url = options.baseUrl;
    const name = phrase('static.check.public', { url });
    try {
      const status = await probe(deps.fetch, url, 'GET', signal);
      const shown = { status: String(status) };
      if (status >= 200 && status < 300) {
        checks.push({ name, status: 'ok', detail: phrase('static.check.public_ok', shown) });
      } else if (status === 404 || status === 403) {
        checks.push({
          name,
          status: 'warn',
          detail: phrase('static.check.public_no_index', shown),
          fix: phrase('static.check.public_no_index_fix', { dir, url }),
        });
      } else {
        checks.push({
          name,
          status: 'fail',
          detail: phrase('static.check.public_ok', shown),
          fix: phrase('static.check.public_fix', { dir, url }),
        });
      }
    } catch (error) {
      checks.push({
        name,
        status: 'fail',
        detail: phrase('static.check.public_no_answer', { reason: errorSaid(error) }),
        fix: phrase('static.check.public_no_answer_fix', { dir, url }),
      });
    }
  }
  return checks;
}
