import { describe, expect, it } from 'vitest';
import {
  credentialsFix as fixPhrase,
  AUTHORIZATION_HEADER_FIX as HEADER_FIX,
} from '../../../../plugins/wordpress/diagnose.js';
import { createTranslator } from '../../../../src/i18n/index.js';
import { english } from '../../../../src/publisher/phrase.js';

const AUTHORIZATION_HEADER_FIX = english(HEADER_FIX);
const credentialsFix = (cause: Parameters<typeof fixPhrase>[0]): string => english(fixPhrase(cause));

describe('plugins/wordpress credentialsFix (doctor)', () => {
  it('blames the password when WordPress received and refused the credentials', () => {
    const fix = credentialsFix('wrong-password');
    expect(fix).toMatch(/received the credentials and refused them/);
    expect(fix).not.toContain(AUTHORIZATION_HEADER_FIX);
  });

  it('points at a stripped Authorization header only when the password is known to be right', () => {
    const fix = credentialsFix('header-stripped');
    expect(fix).toContain('strips the Authorization header');
    expect(fix).toContain('SetEnvIf Authorization');
    expect(fix).toContain('fastcgi_param HTTP_AUTHORIZATION');
    expect(fix).not.toMatch(/create a new Application Password/);
  });

  it('names the login password given instead of an Application Password', () => {
    expect(credentialsFix('login-password')).toMatch(/login password/);
    expect(credentialsFix('login-password')).not.toContain(AUTHORIZATION_HEADER_FIX);
  });

  it('names both causes, the password first, when they cannot be told apart', () => {
    const fix = credentialsFix('undetermined');
    expect(fix.indexOf('create a new Application Password')).toBeLessThan(fix.indexOf('SetEnvIf'));
    expect(fix).toMatch(/cannot tell/);
  });

  it('says the same in Czech, the server settings as they are written', () => {
    const fix = createTranslator('cs').say(fixPhrase('header-stripped'));
    expect(fix).toContain('zahazuje hlavičku Authorization');
    expect(fix).toContain('SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1');
    expect(fix).not.toMatch(/strips|the web server/);
  });
});
