import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_EXIF, PHOTO_HEIGHT, PHOTO_WIDTH, renderPhoto } from '../../../src/sandbox/photos.js';

describe('src/sandbox/photos', () => {
  it('renders a JPEG with EXIF (copyright, GPS) and an Orientation tag', async () => {
    const bytes = await renderPhoto(1001, 2);
    const meta = await sharp(bytes).metadata();

    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height, meta.orientation]).toEqual([PHOTO_WIDTH, PHOTO_HEIGHT, 1]);
    const exif = meta.exif?.toString('latin1') ?? '';
    expect(exif).toContain(PHOTO_EXIF.copyright);
    expect(exif).toContain(PHOTO_EXIF.make);
    // The GPS IFD pointer (tag 0x8825, little-endian) is present.
    expect(meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  });

  it('stores photo 1 turned, with Orientation 6, so it displays upright', async () => {
    const meta = await sharp(await renderPhoto(1001, 1)).metadata();

    expect([meta.width, meta.height, meta.orientation]).toEqual([PHOTO_HEIGHT, PHOTO_WIDTH, 6]);
    expect(meta.autoOrient).toEqual({ width: PHOTO_WIDTH, height: PHOTO_HEIGHT });
  });

  it('makes every photo different', async () => {
    const [a, b, c] = await Promise.all([renderPhoto(1001, 0), renderPhoto(1001, 2), renderPhoto(1002, 2)]);

    expect(a.equals(b)).toBe(false);
    expect(b.equals(c)).toBe(false);
  });
});
