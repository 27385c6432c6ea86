import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { type Intake, resolveIntake } from '../../../src/intake/mode.js';
import { intakeCard } from '../../../src/status/views/intake-card.js';
import type { ViewContext } from '../../../src/status/views/layout.js';

function context(language: Language): ViewContext {
  return {
    base: '',
    now: new Date('2026-05-01T10:00:00.000Z'),
    timeZone: 'Europe/Prague',
    version: '9.9.9',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: 'token-123',
    t: createTranslator(language),
  };
}

const config = parseConfig({ marketplace: { baseUrl: 'https://api.example', apiKey: 'k' } }, {});
const text = (language: Language, intake: Intake | undefined) =>
  String(intakeCard(context(language), intake));

describe('src/status/views/intake-card', () => {
  it.each<[Language, boolean, string]>([
    ['cs', false, 'Dotazy na tržiště každých 30 s: 2 z 60 požadavků za minutu.'],
    ['en', false, 'Polling the marketplace every 30 s: 2 of 60 requests a minute.'],
    ['cs', true, 'Webhook, a jako záloha dotazy každých 5 min: 0,2 z 60 požadavků za minutu.'],
    ['en', true, 'The webhook, backed by polling every 5 min: 0.2 of 60 requests a minute.'],
  ])('%s, webhook registered %s', (language, registered, line) => {
    expect(text(language, resolveIntake(config, registered))).toContain(line);
  });

  it('nothing without the intake', () => {
    expect(text('en', undefined)).toBe('');
  });
});
