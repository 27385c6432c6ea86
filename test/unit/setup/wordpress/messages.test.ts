import { describe, expect, it } from 'vitest';
import { placeholdersOf } from '../../../../src/i18n/catalog.js';
import { MESSAGES } from '../../../../src/i18n/index.js';
import { setupWordPressMessages } from '../../../../src/i18n/messages/setup-wordpress.js';
import { failed, text } from '../../../../src/setup/wordpress/messages.js';

describe('the setup’s WordPress messages', () => {
  it('say every entry in Czech and English with the same placeholders', () => {
    for (const [key, entry] of Object.entries(setupWordPressMessages)) {
      expect(entry.cs.trim(), key).not.toBe('');
      expect(entry.en.trim(), key).not.toBe('');
      expect(placeholdersOf(entry.cs), key).toEqual(placeholdersOf(entry.en));
    }
  });

  it('live in the shared catalog under setup.wp.', () => {
    for (const key of Object.keys(setupWordPressMessages)) {
      expect(key).toMatch(/^setup\.wp\./);
      expect(MESSAGES).toHaveProperty([key]);
    }
  });

  it('fill placeholders and attach the fix of a failure', () => {
    expect(text('password.ok', { name: 'Jana', user: 'jana' }).en).toBe('Signed in as Jana (user jana).');
    const check = failed('password', 'password.wrong', { user: 'jana' });
    expect(check).toMatchObject({ id: 'password', status: 'fail' });
    expect(check.fix?.cs).toMatch(/heslo aplikace/);
    expect(check.fix?.en).toMatch(/Application Password/);
  });
});
