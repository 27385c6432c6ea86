/**
 * The /setup notifications step over HTTP (issue 28, item 11): ntfy is the first and chosen option, with a new
 * random topic filled in and the links that subscribe a phone to it; a test message reaches an ntfy-shaped
 * receiver and the page keeps the topic and its links; a saved topic is the one shown when the step is opened
 * again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupMode } from '../../src/app/setup-mode.js';
import { startHttpReceiver } from '../helpers/notify-receivers.js';
import { createSetupClient, startTestSetupMode } from '../helpers/setup-client.js';

const TOKEN = 'notify-step-token-7f3k';
const TOPIC_FIELD = /name="topic" type="text" value="([^"]*)"/;

describe('src/setup/web/steps/notify (over HTTP)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-setup-notify-'));
  let setup: SetupMode;
  let ntfy: Awaited<ReturnType<typeof startHttpReceiver>>;
  let me: ReturnType<typeof createSetupClient>;
  let csrf: string;

  beforeAll(async () => {
    setup = await startTestSetupMode({ dataDir, token: TOKEN });
    ntfy = await startHttpReceiver();
    me = createSetupClient(new URL(setup.url).origin);
    csrf = await me.enterToken(TOKEN, '/setup?lang=en');
  });
  afterAll(async () => {
    await setup.close();
    await ntfy.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers ntfy first and chosen, with a new random topic and the links that subscribe a phone to it', async () => {
    const page = await me.request('/setup/notify');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<input type="radio" name="channel" value="ntfy" checked>');
    expect(page.text).toContain('<input type="radio" name="channel" value="none">');
    expect(page.text.indexOf('value="ntfy"')).toBeLessThan(page.text.indexOf('value="telegram"'));
    const topic = TOPIC_FIELD.exec(page.text)?.[1] ?? '';
    expect(topic).toMatch(/^pressbridge-[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(page.text).toContain(`<a href="ntfy://ntfy.sh/${topic}" rel="noreferrer">`);
    expect(page.text).toContain(`<a href="https://ntfy.sh/${topic}" rel="noreferrer" target="_blank">`);
    expect(page.text).toContain('Install the ntfy app on your phone');
    // Each visit its own topic: nobody shares one by opening the page.
    const again = TOPIC_FIELD.exec((await me.request('/setup/notify')).text)?.[1];
    expect(again).not.toBe(topic);
  });

  it('sends the test to the topic and shows the page again with it, its links and the result', async () => {
    const topic = 'pressbridge-test-topic-1';
    const form = { csrf, channel: 'ntfy', topic, server: ntfy.url, action: 'test' };
    const tried = await me.request('/setup/notify', form);
    expect(tried.status).toBe(200);
    expect(ntfy.requests.map((r) => [r.method, r.path])).toEqual([['POST', `/${topic}`]]);
    expect(tried.text).toContain('Test message sent (ntfy).');
    expect(TOPIC_FIELD.exec(tried.text)?.[1]).toBe(topic);
    expect(tried.text).toContain('<input type="radio" name="channel" value="ntfy" checked>');
    // A plain-http server: the Android link says so.
    const host = new URL(ntfy.url).host;
    expect(tried.text).toContain(`<a href="ntfy://${host}/${topic}?secure=false" rel="noreferrer">`);
  });

  it('a topic the config refuses is neither echoed nor linked; the choice stays', async () => {
    const refused = await me.request('/setup/notify', {
      csrf,
      channel: 'ntfy',
      topic: 'two words"><b>x',
      action: 'test',
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('topic: letters, digits, - and _ only');
    expect(TOPIC_FIELD.exec(refused.text)?.[1]).toBe('');
    expect(refused.text).not.toContain('id="ntfy-subscribe"');
    expect(refused.text).not.toContain('<b>x');
  });

  it('saved, the topic is the one shown when the step is opened again', async () => {
    const topic = 'pressbridge-saved-topic-2';
    const saved = await me.request('/setup/notify', { csrf, channel: 'ntfy', topic, action: 'save' });
    expect(saved.status).toBe(303);
    const page = await me.request('/setup/notify');
    expect(TOPIC_FIELD.exec(page.text)?.[1]).toBe(topic);
    expect(page.text).toContain(`<a href="https://ntfy.sh/${topic}"`);
  });
});
