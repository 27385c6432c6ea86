import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_HEADER_FIX, credentialsFix } from '../../../../plugins/wordpress/diagnose.js';

describe('plugins/wordpress credentialsFix (doctor)', () => {
  it('blames the password when WordPress received and refused the credentials', () => {
    const fix = credentialsFix(
      'WordPress rejected the credentials for x (401 to GET /wp/v2/users/me: incorrect_password: The provided password is an invalid application password.)',
    );
    expect(fix).toMatch(/received the credentials and refused them/);
    expect(fix).not.toContain(AUTHORIZATION_HEADER_FIX);
  });

  it('points at a stripped Authorization header when WordPress saw no credentials', () => {
    const fix = credentialsFix(
      'WordPress rejected the credentials for x (401 to GET /wp/v2/users/me: rest_not_logged_in: You are not currently logged in.)',
    );
    expect(fix).toContain('strips the Authorization header');
    expect(fix).toContain('SetEnvIf Authorization');
    expect(fix).toContain('fastcgi_param HTTP_AUTHORIZATION');
  });

  it('falls back to the password advice for anything else', () => {
    expect(credentialsFix('something else')).toMatch(/^create a new Application Password/);
  });
});
