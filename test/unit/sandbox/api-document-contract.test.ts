/**
 * Two independent readings of the marketplace's API document: the client's (src/marketplace/schema.ts) and the
 * sandbox's (src/sandbox/api-document.ts, dates.ts). They must agree; a disagreement means one of them misread
 * the document, and it must not hide because both read it through the same module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEXT_STATES_BEST_FIRST } from '../../../src/commands/doctor-live.js';
import * as client from '../../../src/marketplace/schema.js';
import * as sandbox from '../../../src/sandbox/api-document.js';
import { readDate, SERVICE_TIME_ZONE, writeDate } from '../../../src/sandbox/dates.js';

const sorted = (list: readonly string[]) => [...list].sort();

describe('contract: the sandbox and the client read the API document alike', () => {
  it('deal states, published_by, publishing modes and event kinds', () => {
    expect(sorted(sandbox.DEAL_STATES)).toEqual(sorted(client.DEAL_STATES));
    expect(sorted(sandbox.PUBLISHED_BY)).toEqual(sorted(client.PUBLISHED_BY));
    expect(sorted(sandbox.PUBLISHING_MODES)).toEqual(sorted(client.PUBLISHING_MODES));
    expect(sorted(sandbox.EVENT_KINDS)).toEqual(sorted(client.KNOWN_EVENTS));
  });

  it('every error code the client names is one the document lists, under the same name in the sandbox', () => {
    const documented = new Set<string>(Object.values(sandbox.ERRORS_BY_STATUS).flat());
    for (const [name, code] of Object.entries(client.ERROR_CODES)) {
      expect(documented, `client ERROR_CODES.${name} = ${code}`).toContain(code);
      if (name in sandbox.ERROR) {
        expect(sandbox.ERROR[name as keyof typeof sandbox.ERROR], `ERROR.${name}`).toBe(code);
      }
    }
    for (const [name, code] of Object.entries({ ...sandbox.ERROR, ...sandbox.ERROR_BEYOND_CLIENT })) {
      expect(documented, `sandbox ERROR.${name} = ${code}`).toContain(code);
    }
    // The codes both sides use in the agent's flow are known to both.
    const clientCodes = new Set<string>(Object.values(client.ERROR_CODES));
    for (const code of Object.values(sandbox.ERROR)) expect(clientCodes, code).toContain(code);
  });

  it('the states in which a deal has its text (doctor --live probes one)', () => {
    expect(sorted(TEXT_STATES_BEST_FIRST)).toEqual(sorted([...sandbox.TEXT_STATES]));
  });

  it('limits, retry schedule and rate limit', () => {
    expect(sandbox.LIMITS.maxPhotoN).toBe(client.MAX_PHOTO_N);
    expect(sandbox.LIMITS.agentDeadlineMinutes).toBe(client.AGENT_DEADLINE_MINUTES);
    expect(sandbox.LIMITS.requestsPerMinute).toBe(client.RATE_LIMIT_PER_MINUTE);
    expect(sandbox.LIMITS.idempotencyKeyDays).toBe(client.IDEMPOTENCY_KEY_TTL_DAYS);
    expect([...sandbox.WEBHOOK_RETRY_MINUTES]).toEqual([...client.WEBHOOK_RETRY_MINUTES]);
  });

  it('photo paths', () => {
    for (const [deal, n] of [
      [1, 0],
      [1001, 5],
      [987654, 3],
    ] as const) {
      expect(sandbox.photoPath(deal, n)).toBe(client.defaultPhotoPath(deal, n));
    }
  });

  it('the date-time format and zone (Prague wall clock, also at both DST changes)', () => {
    expect(SERVICE_TIME_ZONE).toBe(client.SERVICE_TIME_ZONE);
    for (const iso of [
      '2026-01-15T11:00:00Z',
      '2026-07-01T10:30:05Z',
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2027-12-31T23:59:59Z',
    ]) {
      const at = Date.parse(iso);
      const written = writeDate('prague', at);
      expect(written, iso).toBe(client.formatServiceDateTime(new Date(at)));
      // Away from the doubled fall-back hour, both read the same instant back.
      if (!iso.startsWith('2026-10-25')) {
        expect(client.parseServiceDateTime(written)?.getTime(), iso).toBe(readDate('prague', written));
      }
    }
  });
});

describe('src/sandbox imports nothing from src/marketplace', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  const sandboxDir = join(root, 'src/sandbox');
  const marketplaceDir = join(root, 'src/marketplace');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

  it('finds the sandbox sources (the scan is not vacuous)', () => {
    expect(files(sandboxDir).length).toBeGreaterThan(10);
  });

  it.each(files(join(root, 'src/sandbox')).map((f) => [relative(root, f), f]))('%s', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    const offending = [...source.matchAll(SPECIFIERS)]
      .map((m) => m[1] ?? '')
      .filter((spec) => spec.startsWith('.'))
      .filter((spec) => {
        const target = resolve(dirname(file), spec);
        return target === marketplaceDir || target.startsWith(`${marketplaceDir}/`);
      });
    expect(offending).toEqual([]);
  });
});
