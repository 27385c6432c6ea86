import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { DEAL_LOG, dealLogKeyOf } from '../../../src/deals/log-messages.js';
import type { DealRecord, LogEntry } from '../../../src/deals/record.js';
import { createTranslator, type Language, MESSAGES } from '../../../src/i18n/index.js';
import { logEntryText, logFieldsText } from '../../../src/i18n/log-entry.js';
import { PLUGIN_LOG } from '../../../src/publisher/log-messages.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import { renderLogs } from '../../../src/status/views/logs.js';
import { ROOT } from '../../helpers/cli-runner.js';

const cs = createTranslator('cs');
const en = createTranslator('en');
const NOW = new Date('2026-05-01T10:00:00.000Z');

/** A line stored by this release (with its key), one stored before keys existed, one with a key of a newer release. */
const entries: LogEntry[] = [
  {
    time: NOW.toISOString(),
    level: 'info',
    msg: 'URL handed in',
    key: 'log.handed_in',
    fields: { url: 'https://blog.cz/a' },
  },
  {
    time: NOW.toISOString(),
    level: 'info',
    msg: 'published to WordPress',
    key: 'log.plugin.wp_published',
    fields: { postId: 7 },
  },
  { time: NOW.toISOString(), level: 'info', msg: 'deal text fetched', fields: { bytes: 819 } },
  {
    time: NOW.toISOString(),
    level: 'warn',
    msg: 'a line of a newer release',
    key: 'log.some_newer_line',
    fields: {},
  },
  {
    time: NOW.toISOString(),
    level: 'info',
    msg: 'operator: Deal 7: runs again (queued again).',
    key: 'log.operator_said',
    params: { action: { key: 'cli.action.retry_queued', params: { id: '7' } } },
    fields: {},
  },
];

function pluginSources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return pluginSources(path);
      return entry.name.endsWith('.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('the deal log in the reader’s language (src/deals/log-messages.ts, src/i18n/log-entry.ts)', () => {
  it('has every fixed line in both languages, its English the daemon’s log line itself', () => {
    for (const [key, text] of Object.entries(DEAL_LOG)) {
      expect(dealLogKeyOf(text)).toBe(`log.${key}`);
      expect(MESSAGES[`log.${key}` as keyof typeof MESSAGES]?.en).toBe(text);
    }
    for (const [key, text] of Object.entries(PLUGIN_LOG))
      expect(MESSAGES[`log.plugin.${key}` as keyof typeof MESSAGES]?.en).toBe(text);
  });

  it('lists only plugin lines a plugin still writes, word for word', () => {
    const sources = pluginSources(join(ROOT, 'plugins'));
    for (const text of Object.values(PLUGIN_LOG)) expect(sources, text).toContain(`'${text}'`);
  });

  it('says a keyed line in the language, an old line (no key) or an unknown key as it was stored', () => {
    expect(entries.map((e) => logEntryText(cs, e))).toEqual([
      'adresa odevzdána',
      'zveřejněno ve WordPressu',
      'deal text fetched',
      'a line of a newer release',
      'obsluha: Obchod 7 se spustí znovu (je zpět ve frontě).',
    ]);
    expect(entries.map((e) => logEntryText(en, e))).toEqual([
      'URL handed in',
      'published to WordPress',
      'deal text fetched',
      'a line of a newer release',
      'operator: Deal 7: runs again (queued again).',
    ]);
  });

  it.each(['cs', 'en'] as const)(
    'shows the deal page’s and the Logs page’s lines in %s',
    (language: Language) => {
      const ctx = {
        base: '',
        now: NOW,
        timeZone: 'Europe/Prague',
        version: '1',
        marketplaceName: 'Marketplace',
        blogNames: new Map<number, string>(),
        csrf: 'x',
        t: createTranslator(language),
      };
      const record: DealRecord = {
        dealId: 7,
        blogId: 1,
        state: 'handed_in',
        receivedAt: NOW.toISOString(),
        deadline: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        attempts: 1,
        source: 'poll',
        steps: {},
        data: {},
      };
      const expected = language === 'cs' ? 'adresa odevzdána' : 'URL handed in';
      const deal = cheerio.load(renderDeal(ctx, { record, log: entries, events: [] }).value);
      expect(deal('tr.log-line td.wide').first().text()).toMatch(new RegExp(`^${expected}url=`));
      const logs = renderLogs(ctx, {
        entries,
        level: undefined,
        blogId: undefined,
        levels: [],
        blogs: [],
        refreshSeconds: undefined,
        limit: 200,
      });
      expect(cheerio.load(logs.value)('tr.log-line td.wide').first().text()).toMatch(
        new RegExp(`^${expected}url=`),
      );
    },
  );

  it('says a field that has its phrase in the line’s params, on the deal page, the Logs page and in `deal <id>`', () => {
    const refused = {
      key: 'net.reason',
      params: { reason: { key: 'net.code.ECONNREFUSED' }, code: 'ECONNREFUSED' },
    };
    const gone: LogEntry = {
      time: NOW.toISOString(),
      level: 'warn',
      msg: 'article check: the article does not answer 200',
      key: 'log.check_gone',
      params: { detail: refused },
      fields: { url: 'https://blog.cz/a', status: 0, detail: 'connection refused [ECONNREFUSED]' },
    };
    // A value another release stored that is no phrase leaves the field as stored.
    const odd: LogEntry = { ...gone, params: { detail: 'přepsáno' } };
    expect(logFieldsText(cs, gone)).toEqual({
      url: 'https://blog.cz/a',
      status: 0,
      detail: 'spojení odmítnuto [ECONNREFUSED]',
    });
    expect(logFieldsText(en, gone).detail).toBe('connection refused [ECONNREFUSED]');
    expect(logFieldsText(cs, odd).detail).toBe('connection refused [ECONNREFUSED]');
    expect(logEntryText(cs, gone)).toBe('kontrola článku: článek neodpovídá 200');
    const ctx = {
      base: '',
      now: NOW,
      timeZone: 'Europe/Prague',
      version: '1',
      marketplaceName: 'Marketplace',
      blogNames: new Map<number, string>(),
      csrf: 'x',
      t: cs,
    };
    const logs = renderLogs(ctx, {
      entries: [gone],
      level: undefined,
      blogId: undefined,
      levels: [],
      blogs: [],
      refreshSeconds: undefined,
      limit: 200,
    });
    const shown = cheerio.load(logs.value)('tr.log-line .fields').text();
    expect(shown).toContain('detail=spojení odmítnuto [ECONNREFUSED]');
    expect(shown).not.toContain('connection refused');
  });
});
