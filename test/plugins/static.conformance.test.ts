/**
 * The static plugin against the conformance suite: a real folder, served by the plugin's own server on a fixed
 * port (so a restarted publisher hands out the same URLs). Built through the plugin's own factory for its
 * test hook `beforeCommit`, where the photos of a page are complete but not yet in place: uploads are counted
 * there and a passing file-system fault strikes there.
 *
 * A folder knows no credentials: its permanent fault is a folder it cannot write (a file stands where the
 * folder goes; the tests run as root, so permissions would not stop them). Its timeout is the job's own: the
 * signal aborted.
 */
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createStaticPublisher, StaticOptions, type StaticPublisher } from '../../plugins/static/index.js';
import { createSilentLogger } from '../../src/logger.js';
import { freePort } from '../helpers/redis-server.js';
import { tempDirs } from '../unit/plugins/static/helpers.js';
import { describePublisherConformance, type FaultJob, type Holdings } from './conformance.js';

const PHOTO = /\.(jpe?g|webp)$/;

async function entries(dir: string) {
  return await readdir(dir, { withFileTypes: true }).catch(() => []);
}

async function holdingsOf(dir: string): Promise<Holdings> {
  const folders = (await entries(dir)).filter((e) => e.isDirectory() && !e.name.startsWith('.'));
  let articles = 0;
  let photos = 0;
  for (const folder of folders) {
    const files = (await entries(join(dir, folder.name))).map((e) => e.name);
    if (files.includes('index.html')) articles += 1;
    photos += files.filter((name) => PHOTO.test(name)).length;
  }
  const drafts = (await entries(join(dir, '.drafts'))).filter((e) => e.name.endsWith('.html')).length;
  return { articles, photos, drafts };
}

describePublisherConformance('static', {
  faults: [
    { name: 'a folder it cannot write (a file in its place)', kind: 'permanent' },
    { name: 'a busy file (EBUSY) while writing the page', kind: 'retryable' },
    { name: 'the job timing out (its signal aborted)', kind: 'retryable' },
  ],
  unreachable: 'a folder it cannot write (a file in its place)',
  async start() {
    const temp = tempDirs();
    const dataDir = await temp.make();
    const dir = join(dataDir, 'web');
    const port = await freePort();
    let running: StaticPublisher | undefined;
    let armed: { name: string; job: FaultJob } | undefined;
    let uploads = 0;
    let requests = 0;
    const countingFetch: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };

    async function clear(): Promise<void> {
      armed = undefined;
      const isFile = await stat(dir).then(
        (s) => s.isFile(),
        () => false,
      );
      if (isFile) await rm(dir);
    }

    return {
      siteName: dir,
      async reset() {
        await clear();
        await rm(dir, { recursive: true, force: true });
        uploads = 0;
        requests = 0;
      },
      async publisher() {
        await running?.close();
        running = createStaticPublisher(
          StaticOptions.parse({ serve: { port }, dir: 'web', siteName: 'Na kole s dětmi' }),
          {
            log: createSilentLogger(),
            dataDir,
            fetch: countingFetch,
            beforeCommit: async (folder) => {
              uploads += (await readdir(folder)).filter((name) => PHOTO.test(name)).length;
              if (armed?.name.startsWith('a busy file')) {
                throw Object.assign(new Error('EBUSY: resource busy or locked'), { code: 'EBUSY' });
              }
            },
          },
        );
        return running;
      },
      holdings: () => holdingsOf(dir),
      uploads: () => uploads,
      requests: () => requests,
      async articleText(result) {
        return await (await fetch(result.url)).text();
      },
      async arm(name, job) {
        armed = { name, job };
        if (name.startsWith('a folder it cannot write')) await writeFile(dir, 'not a folder');
        if (name.startsWith('the job timing out')) job.abort(new Error('the job timed out'));
      },
      disarm: clear,
      async close() {
        await running?.close();
        await temp.cleanup();
      },
    };
  },
});
