import { describe, expect, it } from 'vitest';
import { createFormatters, DEFAULT_TIME_ZONE } from '../../../src/i18n/format.js';
import { createTranslator } from '../../../src/i18n/index.js';

describe('src/i18n/format', () => {
  it('formats times to the second in the language and the given zone, and leaves garbage as it is', () => {
    const cs = createFormatters('cs');
    const en = createFormatters('en');
    expect(cs.dateTimeSeconds('2026-05-01T10:00:05.000Z', 'Europe/Prague')).toBe('1. 5. 2026 12:00:05');
    expect(cs.dateTimeSeconds('2026-01-15T10:00:05.000Z', 'Europe/Prague')).toBe('15. 1. 2026 11:00:05');
    expect(en.dateTimeSeconds('2026-05-01T10:00:05.000Z', 'Europe/Prague')).toBe('1 May 2026, 12:00:05');
    expect(en.dateTimeSeconds('2026-05-01T10:00:05.000Z', 'UTC')).toBe('1 May 2026, 10:00:05');
    expect(cs.dateTimeSeconds('garbage')).toBe('garbage');
  });

  it("writes times in the blogger's zone, Europe/Prague unless ui.timeZone says otherwise, whatever the server's zone", () => {
    // The trial: the CLI showed 17:28 (Prague) and the status page 16:28 (the server's UTC) for one deal.
    const at = '2026-11-24T16:28:00Z';
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Prague');
    expect(createTranslator('cs').dateTime(at)).toBe('24. 11. 2026 17:28');
    expect(createTranslator('en').dateTimeSeconds(at)).toBe('24 Nov 2026, 17:28:00');
    const london = createTranslator('en', 'Europe/London');
    expect(london.timeZone).toBe('Europe/London');
    expect(london.dateTime(at)).toBe('24 Nov 2026, 16:28');
    expect(london.date('2026-11-24T23:30:00Z')).toBe('24 Nov 2026');
    expect(createTranslator('en').date('2026-11-24T23:30:00Z')).toBe('25 Nov 2026');
    // A call that names a zone still gets it.
    expect(london.dateTime(at, 'UTC')).toBe('24 Nov 2026, 16:28');
  });
});
