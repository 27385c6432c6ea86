/** What the notification tests share: a dispatcher on real Redis with a captured log, and sample messages. */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { createLogger } from '../../../src/logger.js';
import { createDispatcher, type DispatcherOptions } from '../../../src/notify/dispatcher.js';
import { NotifySettings } from '../../../src/notify/settings.js';
import type { OutgoingMessage } from '../../../src/notify/types.js';

/** A logger whose JSON lines are kept in `lines`. */
export function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger({ level: 'debug', destination }), lines };
}

export function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: randomUUID(),
    topic: 'deal_failed',
    kind: 'problem',
    key: 'deal_failed:4711',
    title: 'Obchod 4711 selhal: „Žluťoučký kůň“',
    body: 'WordPress odmítl článek (HTTP 403).\nCo s tím: zkontrolujte heslo aplikace.',
    url: 'http://127.0.0.1:8081/deals/4711',
    urgent: false,
    blogId: 101,
    dealId: 4711,
    createdAt: '2026-11-23T21:30:00.000Z',
    ...overrides,
  };
}

export function testDispatcher(
  redis: Redis,
  prefix: string,
  notify: unknown,
  extra: Partial<DispatcherOptions> = {},
) {
  const captured = capturedLogger();
  const dispatcher = createDispatcher({
    settings: NotifySettings.parse(notify),
    redis,
    prefix,
    log: captured.log,
    language: 'cs',
    retryDelaysMs: [20, 20],
    tickMs: 0,
    ...extra,
  });
  return { dispatcher, lines: captured.lines };
}
