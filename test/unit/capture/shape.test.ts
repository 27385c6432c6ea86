import { describe, expect, it } from 'vitest';
import { templatePath } from '../../../src/capture/capture.js';
import { compareShape, describeShape, englishOf, formatShape } from '../../../src/capture/shape.js';
import { shapeOfSchema } from '../../../src/capture/zod-shape.js';
import { DealText, Me } from '../../../src/marketplace/schema.js';

const text = {
  deal_id: 7,
  text: '<h1>Tajný titulek</h1><p>Obsah článku</p>',
  photos: [{ n: 0, url: '/v1/deals/7/photos/0' }, { n: 1 }],
  instant_publish: false,
  published_by: 'agent',
  category_id: null,
};

describe('src/capture/shape', () => {
  it('describes a value by field names, types and forms only, never values', () => {
    const shape = describeShape({ ...text, changed_at: '2026-11-23 20:40:00', web: 'https://x.example/a' });
    const json = JSON.stringify(shape);
    expect(json).not.toContain('Tajný');
    expect(json).not.toContain('Obsah');
    expect(shape).toMatchObject({
      type: 'object',
      fields: {
        text: { type: 'string' },
        photos: {
          type: 'array',
          of: { type: 'object', fields: { n: { type: 'number' }, url: { type: 'string', form: 'path' } } },
        },
        changed_at: { type: 'string', form: 'YYYY-MM-DD HH:MM:SS' },
        web: { type: 'string', form: 'absolute URL' },
        category_id: { type: 'null' },
      },
    });
    expect(formatShape(describeShape('2026-11-23T19:40:00Z'))).toBe('string (YYYY-MM-DDTHH:MM:SSZ)');
    expect(formatShape(describeShape('2026-11-23T20:40:00+01:00'))).toBe(
      'string (YYYY-MM-DDTHH:MM:SS+HH:MM)',
    );
  });

  it("reads the client's zod schemas as expected shapes (lenient fields optional)", () => {
    const shape = shapeOfSchema(DealText);
    expect(shape).toMatchObject({
      type: 'object',
      fields: {
        text: { type: 'string' },
        published_by: { type: 'enum', values: ['agent', 'placla', 'bloger'] },
        category_id: { type: 'nullable', of: { type: 'number' } },
      },
      optional: ['deal_id'],
    });
    expect(shapeOfSchema(Me)).toMatchObject({ optional: ['credit'] });
  });

  it.each([
    ['the assumed answer', text, []],
    [
      'a renamed text field',
      { ...text, text: undefined, obsah: '<p>x</p>' },
      [{ path: 'text', found: 'missing (unexpected fields: obsah: string)', expected: 'string' }],
    ],
    [
      'photos as a map, an unknown published_by',
      { ...text, photos: { 0: 'a' }, published_by: 'robot' },
      [
        { path: 'photos', found: 'object {0}', expected: 'array of object {n, url}' },
        { path: 'published_by', found: 'string "robot"', expected: 'one of agent, placla, bloger' },
      ],
    ],
    [
      'a string photo number (reported once for the list)',
      { ...text, photos: [{ n: '0' }, { n: '1' }] },
      [{ path: 'photos[].n', found: 'string', expected: 'number' }],
    ],
    ['a missing optional field and an extra field', { ...text, deal_id: undefined, extra: 1 }, []],
    [
      'running text in an enum field is not quoted',
      { ...text, published_by: 'Tajný text článku, který nesmí do výstupu' },
      [{ path: 'published_by', found: 'string', expected: 'one of agent, placla, bloger' }],
    ],
  ])('compares %s', (_name, value, differences) => {
    const found = compareShape(value, shapeOfSchema(DealText));
    expect(found.map((d) => ({ ...d, found: englishOf(d.found), expected: englishOf(d.expected) }))).toEqual(
      differences,
    );
  });

  it('templates paths without ids or query', () => {
    expect(templatePath('/v1/deals/1001/photos/3?x=1')).toBe('/v1/deals/{id}/photos/{n}');
    expect(templatePath('/v1/deals?strana=1&na_stranu=50')).toBe('/v1/deals');
    expect(templatePath('/v1/deals/42/text')).toBe('/v1/deals/{id}/text');
  });
});
