/**
 * The setup's notification check (src/setup/actions.ts) in both languages: a field the config's schema refuses
 * is named by its rule in the blogger's words, a channel that cannot be reached by the network reason
 * (`net.code.*`), and the /setup page says the same sentence as the terminal, which prints the same check.
 */
import { PassThrough } from 'node:stream';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { notificationProblem, sendTestNotification } from '../../../src/setup/actions.js';
import type { NotifyAnswer } from '../../../src/setup/answers/notify.js';
import { createSetupEngine } from '../../../src/setup/engine.js';
import { runTerminalSetup } from '../../../src/setup/terminal.js';
import { renderNotifyPage } from '../../../src/setup/web/views/notify.js';
import type { WordPressConnection } from '../../../src/setup/wordpress/types.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { foreignWords } from '../../helpers/language.js';
import { deadPort } from '../../helpers/notify-receivers.js';
import { streamText } from '../../helpers/stream-text.js';

const BAD_TOPIC: NotifyAnswer = { type: 'ntfy', server: 'https://ntfy.sh', topic: 'two words' };

function ctx(language: Language): ViewContext {
  return {
    base: '',
    now: new Date('2026-11-25T12:00:00Z'),
    timeZone: 'Europe/Prague',
    version: '0.0.0',
    marketplaceName: 'setup',
    blogNames: new Map(),
    csrf: 'csrf-token',
    t: createTranslator(language),
  };
}

describe('src/setup/actions: the notification check in both languages', () => {
  it.each<[string, NotifyAnswer, string, string]>([
    [
      'an ntfy topic the schema refuses',
      BAD_TOPIC,
      'Zkušební zprávu (ntfy) se nepodařilo odeslat: topic: jen písmena, číslice, - a _ (téma ntfy)',
      'The test message (ntfy) could not be sent: topic: letters, digits, - and _ only (ntfy topic)',
    ],
    [
      'a Telegram token and chat the schema refuse, each named',
      { type: 'telegram', botToken: '', chatId: '' },
      'Zkušební zprávu (telegram) se nepodařilo odeslat: botToken: nesmí být prázdné; chatId: nesmí být prázdné',
      'The test message (telegram) could not be sent: botToken: must not be empty; chatId: must not be empty',
    ],
  ])('%s: the rule in Czech and in English, the value never echoed', (_name, answer, cs, en) => {
    const check = notificationProblem(answer);
    expect(check?.status).toBe('fail');
    expect(check?.detail.cs).toBe(cs);
    expect(check?.detail.en).toBe(en);
    expect(foreignWords(check?.detail.cs ?? '', 'cs')).toEqual([]);
    expect(foreignWords(check?.detail.en ?? '', 'en')).toEqual([]);
    expect(JSON.stringify(check)).not.toContain('two words');
  });

  it('an ntfy server nobody answers at: the network reason in each language', async () => {
    const server = `http://127.0.0.1:${await deadPort()}`;
    const check = await sendTestNotification({ type: 'ntfy', server, topic: 'pb-setup-test' });
    expect(check.status).toBe('fail');
    expect(check.detail.cs).toBe(
      'Zkušební zprávu (ntfy) se nepodařilo odeslat: spojení odmítnuto [ECONNREFUSED]',
    );
    expect(check.detail.en).toBe(
      'The test message (ntfy) could not be sent: connection refused [ECONNREFUSED]',
    );
  });
});

describe('the same refusal on the /setup page and in `pressbridge setup`', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox({
      blogs: [{ id: 1, name: 'Blog A', url: 'https://a.cz', mode: 'manual' }],
    });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('says the check in Czech word for word on both fronts', async () => {
    const check = notificationProblem(BAD_TOPIC);
    if (!check) throw new Error('the topic was taken');
    expect(check.detail.cs).toContain('jen písmena, číslice, - a _ (téma ntfy)');
    const page = cheerio.load(renderNotifyPage(ctx('cs'), { checks: [check] }).value);
    const onPage = page('[data-check="notify"]').text();
    expect(onPage).toContain(check.detail.cs);

    const wordpress: WordPressConnection = {
      discover: async (address) => ({ siteUrl: address, restRoot: `${address}/wp-json/`, checks: [] }),
      authorizationLink: () => 'unused',
      credentialsFromCallback: () => undefined,
      verify: async () => [],
    };
    const engine = createSetupEngine({ wordpress, dataDir: '/nonexistent', log: createSilentLogger() });
    const output = new PassThrough();
    const printed = streamText(output);
    const options = {
      yes: true,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      allowLocal: true,
      blog: '1',
      // At least one blog must be published: to a WordPress the stand-in connection above passes.
      target: 'wordpress',
      wordpressUrl: 'https://a.cz',
      wordpressUser: 'admin',
      wordpressPassword: 'abcd efgh ijkl mnop qrst uvwx',
      ntfyTopic: BAD_TOPIC.topic,
    };
    // The config refuses the topic at the end too; what matters here is the check printed before.
    await runTerminalSetup(engine, options, 'cs', { input: new PassThrough(), output }).catch(
      () => undefined,
    );
    expect(printed()).toContain(`✗ ${check.detail.cs}`);
  });
});
