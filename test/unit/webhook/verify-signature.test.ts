import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  computeSignature,
  verifySignature,
  type WebhookSecretEntry,
} from '../../../src/webhook/verify-signature.js';
import { sign } from '../../helpers/sign.js';

const body = Buffer.from('{"event":"deal.accepted","deal":{"id":1}}');
const current = 'current-secret';
const previous = 'previous-secret';
const now = new Date('2026-05-01T12:00:00Z');
const graceEnd = new Date('2026-05-01T13:00:00Z');
const graceOver = new Date('2026-05-01T11:00:00Z');

const good = sign(body, current);

interface Case {
  name: string;
  headers: IncomingHttpHeaders;
  secrets?: WebhookSecretEntry[];
  headerName?: string;
  expected: ReturnType<typeof verifySignature>;
}

const cases: Case[] = [
  { name: 'valid', headers: { 'x-service-signature': good }, expected: { ok: true, secretIndex: 0 } },
  {
    name: 'wrong signature',
    headers: { 'x-service-signature': sign(body, 'other') },
    expected: { ok: false, reason: 'invalid' },
  },
  {
    name: 'missing header',
    headers: { 'content-type': 'application/json' },
    expected: { ok: false, reason: 'missing' },
  },
  {
    name: 'empty header',
    headers: { 'x-service-signature': '' },
    expected: { ok: false, reason: 'missing' },
  },
  {
    name: 'other header name (X-Foo-Signature)',
    headers: { 'x-foo-signature': good },
    expected: { ok: true, secretIndex: 0 },
  },
  {
    name: 'configured header name',
    headers: { 'x-placla-sig': good },
    headerName: 'X-Placla-Sig',
    expected: { ok: true, secretIndex: 0 },
  },
  {
    name: 'configured header name ignores other signature headers',
    headers: { 'x-foo-signature': good },
    headerName: 'X-Bar-Signature',
    expected: { ok: false, reason: 'missing' },
  },
  {
    name: 'uppercase hex',
    headers: { 'x-service-signature': good.toUpperCase() },
    expected: { ok: true, secretIndex: 0 },
  },
  {
    name: 'sha256= prefix',
    headers: { 'x-service-signature': `sha256=${good}` },
    expected: { ok: true, secretIndex: 0 },
  },
  {
    name: 'two different signature headers',
    headers: { 'x-service-signature': good, 'x-other-signature': sign(body, 'x') },
    expected: { ok: false, reason: 'ambiguous' },
  },
  {
    name: 'two signature headers with the same value',
    headers: { 'x-service-signature': good, 'x-other-signature': good },
    expected: { ok: true, secretIndex: 0 },
  },
  {
    name: 'previous secret within grace',
    headers: { 'x-service-signature': sign(body, previous) },
    secrets: [{ secret: current }, { secret: previous, validUntil: graceEnd }],
    expected: { ok: true, secretIndex: 1 },
  },
  {
    name: 'previous secret after grace',
    headers: { 'x-service-signature': sign(body, previous) },
    secrets: [{ secret: current }, { secret: previous, validUntil: graceOver }],
    expected: { ok: false, reason: 'invalid' },
  },
  {
    name: 'length mismatch (truncated)',
    headers: { 'x-service-signature': good.slice(0, 40) },
    expected: { ok: false, reason: 'invalid' },
  },
  {
    name: 'length mismatch (odd length)',
    headers: { 'x-service-signature': `${good}0` },
    expected: { ok: false, reason: 'invalid' },
  },
  {
    name: 'not hex',
    headers: { 'x-service-signature': 'z'.repeat(64) },
    expected: { ok: false, reason: 'invalid' },
  },
  {
    name: 'signature of a different body',
    headers: { 'x-service-signature': sign(`${body.toString()} `, current) },
    expected: { ok: false, reason: 'invalid' },
  },
];

describe('src/webhook/verify-signature', () => {
  it.each(cases)('$name', ({ headers, secrets, headerName, expected }) => {
    // Arrange
    const input = { rawBody: body, headers, secrets: secrets ?? [{ secret: current }], now };

    // Act
    const result = verifySignature(headerName ? { ...input, headerName } : input);

    // Assert
    expect(result).toEqual(expected);
  });

  it('computes the lowercase hex HMAC-SHA256 of the raw bytes', () => {
    expect(computeSignature(body, current)).toBe(good);
    expect(good).toMatch(/^[0-9a-f]{64}$/);
  });
});
