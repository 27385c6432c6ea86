import { describe, expect, it } from 'vitest';
import type { Shape } from '../../../src/capture/shape.js';
import { profileRouteKey, reshape } from '../../../src/sandbox/profile.js';

const obj = (fields: Record<string, Shape>): Shape => ({ type: 'object', fields });

describe('src/sandbox/profile: reshaping to a captured shape', () => {
  it('renames a field to the captured name of the same type, drops the unseen, fills the unknown', () => {
    const answer = { deal_id: 7, text: '<p>x</p>', photos: [], instant_publish: false };
    const target = obj({
      deal_id: { type: 'number' },
      obsah: { type: 'string' },
      photos: { type: 'array' },
      nove_pole: { type: 'boolean' },
    });
    expect(reshape(answer, target, 'http://s')).toEqual({
      deal_id: 7,
      obsah: '<p>x</p>',
      photos: [],
      nove_pole: false,
    });
  });

  it('unwraps a bare list and changes URL forms', () => {
    const answer = { data: [{ url: '/v1/deals/7/photos/1' }, { url: 'http://s/v1/deals/7/photos/2' }] };
    expect(
      reshape(
        answer,
        { type: 'array', of: obj({ url: { type: 'string', form: 'absolute URL' } }) },
        'http://s',
      ),
    ).toEqual([{ url: 'http://s/v1/deals/7/photos/1' }, { url: 'http://s/v1/deals/7/photos/2' }]);
    expect(
      reshape({ url: 'http://s/v1/x?a=1' }, obj({ url: { type: 'string', form: 'path' } }), 'http://s'),
    ).toEqual({
      url: '/v1/x?a=1',
    });
  });

  it('keys routes as a capture writes paths', () => {
    expect(profileRouteKey('GET', '/v1/deals/:id/photos/:n')).toBe('GET /v1/deals/{id}/photos/{n}');
  });
});
