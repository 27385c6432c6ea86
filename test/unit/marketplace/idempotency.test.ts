import { describe, expect, it } from 'vitest';
import { dealIdempotencyKey, freshIdempotencyKey } from '../../../src/marketplace/idempotency.js';

describe('src/marketplace/idempotency', () => {
  it('derives a stable key per deal and operation', () => {
    expect(dealIdempotencyKey(42, 'article')).toBe('pressbridge-deal-42-article');
    expect(dealIdempotencyKey(42, 'article')).toBe(dealIdempotencyKey(42, 'article'));
  });

  it('makes a fresh key per call within 8..100 characters', () => {
    // Act
    const a = freshIdempotencyKey('webhook-rotate');
    const b = freshIdempotencyKey('webhook-rotate');

    // Assert
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(a.length).toBeLessThanOrEqual(100);
  });

  it('refuses a key longer than the API allows', () => {
    expect(() => freshIdempotencyKey('x'.repeat(80))).toThrow(RangeError);
  });
});
