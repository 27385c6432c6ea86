/**
 * The last look on a static site (docs/decisions/0025-the-last-look.md): the held deal's draft page lies in the
 * hidden drafts folder (`createDraft`); once the article is published it is removed (one page per deal), and a
 * refused deal's draft is deleted (`discardDraft`): the site never served it.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticPublisher, StaticOptions } from '../../../../plugins/static/index.js';
import { createSilentLogger } from '../../../../src/logger.js';
import type { DiscardDraftInput } from '../../../../src/publisher/types.js';
import { publishDeal, recordingLog } from '../../../helpers/publish-inputs.js';
import { draftInput, publishInput, tempDirs } from './helpers.js';

const BASE = 'https://blog.example.cz/clanky/';
const temp = tempDirs();
afterEach(async () => {
  await temp.cleanup();
});

async function publisher() {
  const dataDir = await temp.make();
  const pub = createStaticPublisher(StaticOptions.parse({ baseUrl: BASE }), {
    log: createSilentLogger(),
    dataDir,
  });
  return { pub, drafts: join(pub.dir, '.drafts') };
}

function discardInput(dealId: number, ref: string): DiscardDraftInput {
  return {
    deal: publishDeal({ dealId }),
    ref,
    slug: 'sekacky-a-travniky-pruvodce',
    previous: {},
    progress: async () => {},
    log: recordingLog().log,
    signal: new AbortController().signal,
  };
}

describe('plugins/static: the held draft', () => {
  it('is gone once the deal’s page is published; another deal’s draft stays', async () => {
    const { pub, drafts } = await publisher();
    await pub.createDraft(draftInput(71));
    await pub.createDraft(draftInput(72));

    const result = await pub.publish((await publishInput(71)).input);

    expect(result.reused).toBe(false);
    expect(await readdir(drafts)).toEqual(['72-zadani-zahradni-technika.html']);
    await stat(join(pub.dir, 'sekacky-a-travniky-pruvodce', 'index.html'));
  });

  it('is gone after a retried publish that found the page already written (a crash before the removal)', async () => {
    const { pub, drafts } = await publisher();
    await pub.publish((await publishInput(73)).input);
    await pub.createDraft(draftInput(73));

    const again = await pub.publish((await publishInput(73)).input);

    expect(again.reused).toBe(true);
    expect(await readdir(drafts)).toEqual([]);
  });

  it('is deleted on refuse, once; nothing public changes', async () => {
    const { pub, drafts } = await publisher();
    const draft = await pub.createDraft(draftInput(74));

    const first = await pub.discardDraft(discardInput(74, draft.ref));
    const second = await pub.discardDraft(discardInput(74, draft.ref));

    expect(first).toEqual({ outcome: 'deleted', detail: '.drafts/74-zadani-zahradni-technika.html' });
    expect(second).toEqual({ outcome: 'gone' });
    expect(await readdir(drafts)).toEqual([]);
    expect((await readdir(pub.dir)).filter((name) => !name.startsWith('.'))).toEqual([]);
  });
});
