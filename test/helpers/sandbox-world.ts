/**
 * The world an integration test of the command line or the first run starts in: a fresh data folder, a Redis
 * prefix of its own, the sandbox as the marketplace and, when asked for, a real WordPress site. Call it in a
 * `describe`: it registers the beforeAll that starts them and the afterAll that stops them and cleans up (the
 * sandbox, the site, the prefix's keys, the folder). A test file's own afterAll, registered after this call,
 * runs before it (vitest runs after-hooks as a stack), so a daemon or a browser the test started is closed
 * while the sandbox still answers.
 *
 *   const world = useSandboxWorld({ dir: 'pb-setup-cli-', blog: { id: 7, name: 'Složka', url: 'https://slozka.cz' } });
 *   it('…', async () => {
 *     const { sandbox } = world;
 *     …
 *   });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from './redis.js';
import { startWordPress, type WordPressSite } from './wordpress.js';

export interface SandboxWorldOptions {
  /** The start of the temporary folder's name, e.g. `pb-setup-cli-`. */
  dir: string;
  /** The sandbox's one blog (mode `manual`); its url is the WordPress site's when not given. Default: the sandbox's own blogs. */
  blog?: { id: number; name: string; url?: string };
  /** The sandbox's options, instead of `blog`. */
  sandbox?: SandboxOptions;
  /** A real WordPress site started before the sandbox (startWordPress's options). */
  wordpress?: Parameters<typeof startWordPress>[0];
}

export interface SandboxWorld {
  /** The Redis prefix every key of the test lives under (deleted afterwards). */
  readonly prefix: string;
  /** The temporary folder (the data folder of a first run), removed afterwards. */
  readonly dir: string;
  /**
   * The environment of a `pressbridge` command that knows the installation through PRESSBRIDGE_DATA_DIR=dir
   * alone: no config, API key or language (nor locale) from this machine's environment; the test Redis.
   */
  readonly installEnv: NodeJS.ProcessEnv;
  /** Started in beforeAll. */
  readonly sandbox: Sandbox;
  /** Started in beforeAll; only when `wordpress` was given. */
  readonly wp: WordPressSite;
}

export function useSandboxWorld(options: SandboxWorldOptions): SandboxWorld {
  const prefix = randomPrefix();
  const dir = mkdtempSync(join(tmpdir(), options.dir));
  const installEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PRESSBRIDGE_CONFIG: '',
    PRESSBRIDGE_DATA_DIR: dir,
    PRESSBRIDGE_API_KEY: '',
    PRESSBRIDGE_LANGUAGE: '',
    // Nor the machine's locale (src/i18n/process-language.ts): C.UTF-8 names no language, so Czech.
    LANG: 'C.UTF-8',
    LC_ALL: '',
    LC_MESSAGES: '',
    PRESSBRIDGE_REDIS_URL: TEST_REDIS_URL,
  };
  let sandbox: Sandbox | undefined;
  let wp: WordPressSite | undefined;

  beforeAll(async () => {
    if (options.wordpress !== undefined) wp = await startWordPress(options.wordpress);
    const blog = options.blog;
    if (blog === undefined) {
      sandbox = await createSandbox(options.sandbox);
    } else {
      const url = blog.url ?? wp?.url;
      if (url === undefined) throw new Error('useSandboxWorld: the blog needs a url or a WordPress site');
      sandbox = await createSandbox({ blogs: [{ id: blog.id, name: blog.name, url, mode: 'manual' }] });
    }
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await wp?.stop();
    const redis = createTestRedis();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    prefix,
    dir,
    installEnv,
    get sandbox(): Sandbox {
      if (sandbox === undefined) throw new Error('useSandboxWorld: the sandbox starts in beforeAll');
      return sandbox;
    },
    get wp(): WordPressSite {
      if (wp === undefined) throw new Error('useSandboxWorld: no WordPress site (pass `wordpress`)');
      return wp;
    },
  };
}
