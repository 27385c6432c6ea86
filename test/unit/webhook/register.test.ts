import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { registerWebhook } from '../../../src/webhook/register.js';
import { readSecretFile } from '../../../src/webhook/secret-file.js';

describe('src/webhook/register', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-register-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('registers the URL and keeps the secret the marketplace returns in the secret file (0600)', async () => {
    // Arrange
    const config = parseConfig(
      { marketplace: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }, dataDir: dir },
      {},
    );
    const registered: string[] = [];
    const client = {
      putWebhook: async (url: string) => {
        registered.push(url);
        return { secret: 'whsec-from-the-marketplace' };
      },
    };
    // Act
    const path = await registerWebhook(client, config, 'https://blog.example.cz/webhook');
    // Assert
    expect(registered).toEqual(['https://blog.example.cz/webhook']);
    expect(path).toBe(join(dir, 'webhook-secret.json'));
    expect(readSecretFile(path)).toMatchObject({
      secret: 'whsec-from-the-marketplace',
      url: 'https://blog.example.cz/webhook',
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
