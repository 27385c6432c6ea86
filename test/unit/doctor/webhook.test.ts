import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { type WebhookCheckContext, webhookChecks } from '../../../src/doctor/webhook.js';
import { createTranslator } from '../../../src/i18n/index.js';
import type { WebhookState } from '../../../src/marketplace/schema.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pb-doctor-intake-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Only what the webhook lines read: the config, the translator and `GET /v1/webhook`. */
function context(extra: Record<string, unknown>, webhook: WebhookState): WebhookCheckContext {
  const config = parseConfig(
    { marketplace: { baseUrl: 'https://api.example', apiKey: 'k' }, dataDir, ...extra },
    {},
  );
  const client = { getWebhook: async () => webhook };
  return { config, t: createTranslator('en'), client };
}

const lines = async (extra: Record<string, unknown>, webhook: WebhookState) =>
  (await webhookChecks(context(extra, webhook))).map((c) => `${c.status} ${c.name}: ${c.detail}`);

describe('src/doctor/webhook', () => {
  it('poll (no webhook registered): says what the intake costs, and no webhook is no failure', async () => {
    expect(await lines({}, { url: null })).toEqual([
      "ok intake: polling the marketplace every 30 s: 2 of the key's 60 requests a minute; no open port needed",
      'ok webhook: no webhook: not needed while polling',
    ]);
  });

  it('warns of a webhook the marketplace delivers to while pressbridge has no secret for it', async () => {
    const checks = await webhookChecks(context({}, { url: 'https://old.example/webhook', active: true }));
    expect(checks.map((c) => c.status)).toEqual(['ok', 'warn']);
    expect(checks[1]?.fix).toMatch(/register again/);
  });

  it('a webhook registered: both, the poll as the backstop at the reconciliation interval', async () => {
    const extra = { webhook: { secret: 'registered-secret' } };
    expect(await lines(extra, { url: 'https://blog.example/webhook', active: true })).toEqual([
      "ok intake: the webhook, backed by polling every 5 min: 0.2 of the key's 60 requests a minute",
      'ok webhook: the marketplace delivers to https://blog.example/webhook',
    ]);
  });

  it('intake.mode webhook still fails without a webhook, with its fix', async () => {
    const checks = await webhookChecks(context({ intake: { mode: 'webhook' } }, { url: null }));
    expect(checks.map((c) => `${c.status} ${c.name}`)).toEqual([
      'ok intake',
      'fail webhook secret',
      'fail webhook',
    ]);
    expect(checks[0]?.detail).toBe('the webhook only (intake.mode: webhook): no polling requests');
    expect(checks[2]?.fix).toContain('pressbridge webhook register');
  });

  it('a webhook registered while the config pins intake.mode: poll: warns that nothing takes it, with the fix', async () => {
    const extra = { intake: { mode: 'poll' }, webhook: { secret: 'registered-secret' } };
    const checks = await webhookChecks(context(extra, { url: 'https://blog.example/webhook', active: true }));
    expect(checks.map((c) => `${c.status} ${c.name}`)).toEqual(['ok intake', 'warn webhook', 'ok webhook']);
    expect(checks[1]?.detail).toBe(
      'a webhook is registered, but the config sets intake.mode: poll: the daemon only polls and takes no webhooks',
    );
    expect(checks[1]?.fix).toBe('remove intake.mode from the config (or set both) and restart the daemon');
  });
});
