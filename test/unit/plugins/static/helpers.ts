/** Arrange helpers shared by the static plugin's unit tests and its integration test. */
import { mkdtemp, rm } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DraftInput, PublishImage, PublishInput } from '../../../../src/publisher/types.js';
import {
  buildDraftInput,
  buildPublishInput,
  type LogEntry,
  parsedArticle,
  publishDeal,
  type Recorded,
  recordingLog,
  solidImage,
  solidPhotos,
} from '../../../helpers/publish-inputs.js';

export { type LogEntry, recordingLog };

/** Temporary folders, each removed by `cleanup()`. */
export function tempDirs(): { make(): Promise<string>; cleanup(): Promise<void> } {
  const made: string[] = [];
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), 'pb-static-'));
      made.push(dir);
      return dir;
    },
    async cleanup() {
      await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

export const ADVERTISER_LINK =
  'https://www.zahradni-technika.example.cz/sekacky?utm_source=blog&utm_medium=clanek#akce';

export const ARTICLE_HTML = `<h1>Sekačky &amp; trávníky: <em>průvodce</em></h1>
<p>Na jaře je trávník nejdůležitější. [foto1] Pak přijde na řadu sekání.</p>
<h2>Jak vybrat sekačku</h2>
<p>[foto2]</p>
<p>Poradí vám <a href="${ADVERTISER_LINK.replaceAll('&', '&amp;')}" rel="sponsored" target="_blank">Zahradní technika</a>.</p>`;

export async function jpeg(colour: string, width = 320, height = 200): Promise<Buffer> {
  return await solidImage(colour, 'jpeg', width, height);
}

export async function webp(colour: string, width = 320, height = 200): Promise<Buffer> {
  return await solidImage(colour, 'webp', width, height);
}

/** The cover (n = 0) and photos 1 and 2, as the pipeline names them; photo 2 is a WebP. */
export async function photos(slug: string, numbers: readonly number[] = [0, 1, 2]): Promise<PublishImage[]> {
  return await solidPhotos(slug, {
    numbers,
    webp: [2],
    alt: (n) => (n === 0 ? 'Sekačky a trávníky' : `Sekačky a trávníky – foto ${n}`),
  });
}

export type Run = Recorded<PublishInput>;

export async function publishInput(
  dealId: number,
  overrides: Partial<PublishInput> & { html?: string; photoNumbers?: number[] } = {},
): Promise<Run> {
  const { html = ARTICLE_HTML, photoNumbers = [0, 1, 2], ...rest } = overrides;
  const slug = rest.slug ?? 'sekacky-a-travniky-pruvodce';
  return buildPublishInput({
    deal: publishDeal({ dealId }),
    article: parsedArticle(html, photoNumbers),
    slug,
    images: await photos(slug, photoNumbers),
    ...rest,
  });
}

const BRIEF_HTML =
  '<h2>Zadání</h2><ul><li>Klíčové slovo: <a href="https://www.zahradni-technika.example.cz/">sekačky</a></li></ul>';

export function draftInput(dealId: number, overrides: Partial<DraftInput> = {}): DraftInput {
  return buildDraftInput({
    deal: publishDeal({ dealId }),
    title: 'Zadání: Zahradní technika',
    briefHtml: BRIEF_HTML,
    slug: 'zadani-zahradni-technika',
    progress: async () => {},
    ...overrides,
  }).input;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with the path sent exactly as given (fetch would normalise `..` away before sending). */
export function rawRequest(baseUrl: string, path: string, method = 'GET'): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { connection: 'close' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export { caught } from '../../../helpers/caught.js';
