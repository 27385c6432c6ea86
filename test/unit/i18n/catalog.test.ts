import { describe, expect, it } from 'vitest';
import { DEAL_RUN_STATES } from '../../../src/deals/lifecycle.js';
import { LANGUAGES, placeholdersOf } from '../../../src/i18n/catalog.js';
import { createTranslator, MESSAGES } from '../../../src/i18n/index.js';

describe('the message catalog', () => {
  const entries = Object.entries(MESSAGES) as Array<[string, Record<string, string>]>;

  it('has every message in both languages, non-empty, with the same placeholders', () => {
    const problems: string[] = [];
    for (const [key, entry] of entries) {
      for (const language of LANGUAGES) {
        if (typeof entry[language] !== 'string' || entry[language].trim() === '') {
          problems.push(`${key}: no ${language} text`);
        }
      }
      const cs = placeholdersOf(entry.cs ?? '');
      const en = placeholdersOf(entry.en ?? '');
      if (cs.join(',') !== en.join(',')) problems.push(`${key}: placeholders cs {${cs}} en {${en}}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(DEAL_RUN_STATES)('has its own label for the run state %s in both languages', (state) => {
    const entry = (MESSAGES as Record<string, { cs: string; en: string } | undefined>)[`state.${state}`];
    expect(entry, `state.${state} is missing from src/i18n/messages/states.ts`).toBeDefined();
    expect(entry?.cs.trim()).not.toBe('');
    expect(entry?.en.trim()).not.toBe('');
    expect(entry?.cs).not.toBe(state);
  });

  it('names every run state in Czech and English', () => {
    const cs = createTranslator('cs');
    const en = createTranslator('en');
    for (const state of DEAL_RUN_STATES) {
      expect(cs.stateName(state), state).not.toBe(state);
      expect(en.stateName(state), state).not.toBe(cs.stateName(state));
    }
    expect(cs.stateName('failed')).toBe('selhalo');
    expect(en.stateName('deadline_missed')).toBe('deadline missed');
    expect(cs.stateName('some_new_state')).toBe('some new state');
  });

  it('fills placeholders and formats numbers for the language', () => {
    const cs = createTranslator('cs');
    const en = createTranslator('en');
    expect(cs.money(12345)).toBe('12\u00a0345\u00a0Kč');
    expect(en.money(12345)).toBe('CZK\u00a012,345');
    expect(cs.number(1234.5)).toBe('1\u00a0234,5');
    expect(en.number(1234.5)).toBe('1,234.5');
    expect(cs.month('2026-11')).toBe('listopad 2026');
    expect(en.month('2026-11')).toBe('November 2026');
    expect(cs.dateTime('2026-11-23T13:05:00Z', 'Europe/Prague')).toBe('23. 11. 2026 14:05');
    expect(en.dateTime('2026-11-23T13:05:00Z', 'Europe/Prague')).toBe('23 Nov 2026, 14:05');
  });
});
