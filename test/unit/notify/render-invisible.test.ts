import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import type { MessageKind } from '../../../src/notify/problems.js';
import { renderMessage } from '../../../src/notify/render.js';
import type { NotifyEvent } from '../../../src/notify/types.js';

// Escapes, not the characters: this file must not display differently from what it holds.
const SPOOF = '\u202Egnp.exe';
/** Format characters (bidi, zero-width, BOM, soft hyphen), line separators, every control but the line feed. */
const HIDDEN = /[\p{Cf}\u2028\u2029]|[^\P{Cc}\n]/u;

const options = {
  statusUrl: 'http://127.0.0.1:8081',
  timeZone: 'Europe/Prague',
  secrets: ['sk-live-123456789'],
};
const title = `Invoice ${SPOOF}\u200B`;

describe('src/notify/render: bidi controls and other invisible characters never reach a channel', () => {
  it.each<[string, NotifyEvent, MessageKind, string]>([
    [
      'a failed deal',
      { topic: 'deal_failed', dealId: 7, blogId: 1, title, reason: `refused ${SPOOF}` },
      'problem',
      'refused gnp.exe',
    ],
    [
      'a missed deadline',
      { topic: 'deadline_missed', dealId: 7, blogId: 1, title, reason: `late\u2066` },
      'problem',
      'late',
    ],
    [
      'a message',
      {
        topic: 'message',
        dealId: 7,
        blogId: 1,
        title,
        firstLine: `Hello ${SPOOF}\u2028rest`,
        createdAt: '2026-05-01 10:00:00',
      },
      'event',
      'Hello gnp.exe rest',
    ],
    [
      'a claim',
      { topic: 'claim', dealId: 7, blogId: 1, title, firstLine: `\uFEFFClaim ${SPOOF}`, createdAt: 'x' },
      'event',
      'Claim gnp.exe',
    ],
    [
      'extra services',
      { topic: 'services', dealId: 7, blogId: 1, title, services: `PR ${SPOOF}, \u00ADSEO` },
      'event',
      'PR gnp.exe, SEO',
    ],
    [
      'a site that does not answer',
      { topic: 'site_unreachable', blogId: 1, blogName: `Blog ${SPOOF}`, detail: `ECONNREFUSED\u0000` },
      'problem',
      'Blog gnp.exe',
    ],
    [
      'an unreadable listed deal (the reason and the id as the marketplace sent them)',
      {
        topic: 'deal_unreadable',
        item: 'raw:x',
        rawId: `abc${SPOOF}`,
        reason: `id: ${SPOOF} sk-live-123456789`,
      },
      'problem',
      'abcgnp.exe',
    ],
    [
      'a stalled intake (the error as the marketplace sent it)',
      {
        topic: 'intake_stalled',
        reason: 'failing',
        since: '2026-11-27T12:00:00Z',
        detail: `not JSON ${SPOOF} sk-live-123456789`,
      },
      'problem',
      'not JSON gnp.exe',
    ],
    [
      'a resolved failure',
      { topic: 'deal_failed', dealId: 7, blogId: 1, title, reason: 'x' },
      'resolved',
      'Invoice gnp.exe',
    ],
  ])('%s: the text reads as written, with no control left', (_what, event, kind, expected) => {
    for (const language of ['cs', 'en'] as const) {
      const message = renderMessage(event, kind, createTranslator(language), options);
      expect(message.title).not.toMatch(HIDDEN);
      expect(message.body).not.toMatch(HIDDEN);
      expect(`${message.title}\n${message.body}`).toContain(expected);
      // Stripped, not shown: a phone or chat gets the words, not `<U+202E>` markers.
      expect(message.body).not.toContain('<U+');
      expect(message.body).not.toContain('sk-live-123456789');
    }
  });

  it('puts the deal title in the title without its override, so it cannot display as exe.png', () => {
    const message = renderMessage(
      { topic: 'deal_failed', dealId: 7, blogId: 1, title: SPOOF, reason: 'x' },
      'problem',
      createTranslator('en'),
      options,
    );
    expect(message.title).toContain('gnp.exe');
    expect(message.title).not.toContain('\u202E');
  });

  it('removes the invisible characters before redaction, so a zero-width space cannot hide a credential', () => {
    const message = renderMessage(
      {
        topic: 'deal_failed',
        dealId: 7,
        blogId: 1,
        reason: 'proxy said Bearer\u200B abcdefghijkl and sk-live-\u200B123456789',
      },
      'problem',
      createTranslator('en'),
      options,
    );
    expect(message.body).not.toContain('abcdefghijkl');
    expect(message.body).not.toContain('123456789');
  });
});
