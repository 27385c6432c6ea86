/** The claim reading (src/deals/claims.ts: the deal page's and the bundle's) and the download's file name, pure. */
import { describe, expect, it } from 'vitest';
import { dealClaims } from '../../../src/deals/claims.js';
import { safeZipName } from '../../../src/status/routes/evidence.js';

function claimEvent(dealId: number, text: string, createdAt: string) {
  return {
    event: 'claim.created',
    receivedAt: '2026-11-21T10:00:00.000Z',
    outcome: 'recorded',
    dealId,
    body: { event: 'claim.created', deal_id: dealId, claim: { text, created_at: createdAt } },
  };
}

describe('safeZipName', () => {
  it('keeps a plain name and replaces everything else', () => {
    expect(safeZipName('pressbridge-deal-7001-evidence.zip', 7001)).toBe(
      'pressbridge-deal-7001-evidence.zip',
    );
    expect(safeZipName('../../etc/passwd', 5)).toBe('etc-passwd.zip');
    expect(safeZipName('"";\r\n', 5)).toBe('pressbridge-evidence-5.zip');
    expect(safeZipName('x'.repeat(500), 5)).toHaveLength(120);
  });
});

describe('dealClaims', () => {
  it('reads the claim posts, once per post, a truncated body as its text', () => {
    const claims = dealClaims([
      {
        event: 'message.created',
        receivedAt: '2026-11-22T10:00:00.000Z',
        outcome: 'recorded',
        body: { message: { text: 'hi' } },
      },
      { ...claimEvent(1, 'Gone', '2026-11-21 11:00:00'), dealId: 1 },
      { ...claimEvent(1, 'Gone', '2026-11-21 11:00:00'), dealId: 1 },
      {
        event: 'claim.created',
        receivedAt: '2026-11-20T10:00:00.000Z',
        outcome: 'recorded',
        body: '{"claim":{"text":"Lo',
        truncated: true,
      },
    ]);
    // Oldest first: a claim thread reads in the order it was written.
    expect(claims).toEqual([
      { text: '{"claim":{"text":"Lo', receivedAt: '2026-11-20T10:00:00.000Z', truncated: true },
      {
        text: 'Gone',
        createdAt: '2026-11-21 11:00:00',
        receivedAt: '2026-11-21T10:00:00.000Z',
        truncated: false,
      },
    ]);
  });
});
