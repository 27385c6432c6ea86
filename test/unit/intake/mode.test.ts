import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import {
  createIntakeReader,
  describeIntake,
  intakeOf,
  resolveIntake,
  takesWebhooks,
} from '../../../src/intake/mode.js';
import { writeSecretFile } from '../../../src/webhook/secret-file.js';

const base = { marketplace: { baseUrl: 'https://api.example', apiKey: 'k' } };
const config = (extra: Record<string, unknown> = {}) => parseConfig({ ...base, ...extra }, {});

describe('src/intake/mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-intake-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [
      'default, no webhook: poll every 30 s, 2 requests a minute, no listener',
      {},
      false,
      'poll',
      30_000,
      2,
      false,
    ],
    [
      'default, a webhook registered: both, the poll at the reconciliation interval, the listener',
      {},
      true,
      'both',
      300_000,
      0.2,
      true,
    ],
    [
      'poll chosen: no listener, registered or not',
      { intake: { mode: 'poll', pollSeconds: 60 } },
      true,
      'poll',
      60_000,
      1,
      false,
    ],
    ['both chosen: its own pollSeconds', { intake: { mode: 'both' } }, false, 'both', 30_000, 2, true],
    ['webhook only: no poll', { intake: { mode: 'webhook' } }, false, 'webhook', undefined, 0, true],
  ])('%s', (_name, extra, registered, mode, pollMs, perMinute, listens) => {
    const intake = resolveIntake(config(extra), registered);
    expect(intake).toMatchObject({ mode, pollMs, requestsPerMinute: perMinute, budgetPerMinute: 60 });
    expect(takesWebhooks(intake)).toBe(listens);
  });

  it('describes the cost in one line', () => {
    expect(describeIntake(resolveIntake(config(), false))).toBe('poll every 30 s: 2 of 60 requests a minute');
    expect(describeIntake(resolveIntake(config(), true))).toBe(
      'webhook + poll every 5 min: 0.2 of 60 requests a minute',
    );
    expect(describeIntake(resolveIntake(config({ intake: { mode: 'webhook' } }), true))).toBe(
      'webhook only: no polling requests',
    );
  });

  it('a registered webhook is a secret in the config or in the secret file', () => {
    expect(intakeOf(config({ dataDir })).mode).toBe('poll');
    expect(intakeOf(config({ dataDir, webhook: { secret: 's3cret-in-config' } })).mode).toBe('both');
    writeSecretFile(join(dataDir, 'webhook-secret.json'), {
      secret: 'from-register',
      updatedAt: new Date().toISOString(),
    });
    expect(intakeOf(config({ dataDir })).mode).toBe('both');
  });

  it('the reader asked after every poll reads the secret file again only when it changed', () => {
    const dir = mkdtempSync(join(dataDir, 'reader-'));
    const file = join(dir, 'webhook-secret.json');
    const read = createIntakeReader(config({ dataDir: dir }));
    expect(read().mode).toBe('poll');
    writeSecretFile(file, { secret: 'from-register', updatedAt: new Date().toISOString() });
    const at = new Date('2026-11-28T10:00:00Z');
    utimesSync(file, at, at);
    expect(read().mode).toBe('both');
    // The same file, its bytes damaged in place but its size and time kept: not read again.
    writeFileSync(file, 'x'.repeat(statSync(file).size));
    utimesSync(file, at, at);
    expect(intakeOf(config({ dataDir: dir })).mode).toBe('poll');
    expect(read().mode).toBe('both');
    rmSync(file);
    expect(read().mode).toBe('poll');
  });

  it.each([[{ pollSeconds: 5 }], [{ pollSeconds: 4000 }], [{ pollSeconds: 30.5 }], [{ mode: 'push' }]])(
    'refuses intake %o',
    (intake) => {
      expect(() => config({ intake })).toThrow(/intake/);
    },
  );
});
