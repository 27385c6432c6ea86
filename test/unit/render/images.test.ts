import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.js';
import { normalizeImage } from '../../../src/render/images.js';

/** A 3000×2000 camera-like JPEG: EXIF Orientation 6 (shot in portrait), copyright, GPS, XMP. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Agentura Foto s.r.o.', Artist: 'Jan Novák' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 5/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '14/1 25/1 0/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb in a few hundred bytes: a greyscale PNG whose header declares width × height pixels.
 * Only the first rows of pixel data are present; header-trusting decoders allocate for the declared size.
 */
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((width + 1) * 4); // filter byte + pixels, all zero: a solid black image
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(input: Buffer, options?: Parameters<typeof normalizeImage>[1]): Promise<AppError> {
  const error = await normalizeImage(input, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('src/render/images', () => {
  let camera: Buffer;

  beforeAll(async () => {
    camera = await cameraJpeg();
    // The fixture really carries what must be stripped.
    const input = await sharp(camera).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from('Agentura Foto'))).toBe(true);
    expect(input.xmp).toBeDefined();
  });

  it('compact encoder: progressive mozjpeg, smaller than the fast one, stripped and upright alike', async () => {
    const fast = await normalizeImage(camera);
    const compact = await normalizeImage(camera, { encoder: 'compact' });
    const meta = await sharp(compact.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.isProgressive]).toEqual(['jpeg', 1600, 2400, true]);
    expect(meta.exif).toBeUndefined();
    expect(compact.bytes.length).toBeLessThan(fast.bytes.length);
  });

  it('turns the photo upright, scales it to 1600 px, strips all metadata', async () => {
    const out = await normalizeImage(camera);

    expect(out).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', extension: 'jpg' });
    // Orientation 6: the stored 3000×2000 landscape is a 2000×3000 portrait, scaled to 1600 wide.
    expect([out.width, out.height]).toEqual([1600, 2400]);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 2400]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // The default `fast` encoder writes baseline JPEG.
    expect(meta.isProgressive).toBe(false);
    expect(out.bytes.includes(Buffer.from('Agentura Foto'))).toBe(false);
    expect(out.bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    // JPEG SOI marker first.
    expect(out.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('does not enlarge a small image', async () => {
    const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

    const out = await normalizeImage(small);

    expect([out.width, out.height]).toEqual([800, 600]);
    expect((await sharp(out.bytes).metadata()).format).toBe('jpeg');
  });

  it('re-encodes to WebP with a custom width', async () => {
    const out = await normalizeImage(camera, { format: 'webp', maxWidth: 1000, quality: 70 });

    expect(out).toMatchObject({
      format: 'webp',
      contentType: 'image/webp',
      extension: 'webp',
      width: 1000,
      height: 1500,
    });
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1000, 1500, undefined]);
    expect(out.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(out.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('flattens transparency onto white for JPEG', async () => {
    const transparent = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();

    const out = await normalizeImage(transparent);
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });

    expect(data[0]).toBeGreaterThan(245);
  });

  it('takes the first frame of an animated GIF', async () => {
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();

    const out = await normalizeImage(gif);

    expect([out.width, out.height]).toEqual([40, 30]);
  });

  it.each([
    [
      'SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
        ),
    ],
    ['HTML named .jpg', () => Buffer.from('<!doctype html><html><body><h1>404 Not Found</h1></body></html>')],
    ['plain text', () => Buffer.from('this is not a photo')],
    ['PDF', () => Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF')],
    ['random bytes', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))],
    ['empty file', () => Buffer.alloc(0)],
    ['truncated JPEG', () => camera.subarray(0, Math.floor(camera.length / 2))],
    ['JPEG header only', () => camera.subarray(0, 200)],
  ])('refuses %s with image_invalid', async (_name, input) => {
    const error = await refusal(input());

    expect(error.code).toBe('image_invalid');
    expect(error.retryable).toBe(false);
  });

  it('refuses a decompression bomb (30000×30000 PNG declared in a tiny file) with image_too_large', async () => {
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 30_000,
      height: 30_000,
    });

    const error = await refusal(bomb);

    expect(error.code).toBe('image_too_large');
    expect(error.retryable).toBe(false);
  });

  it.each([
    ['more pixels than maxInputPixels', { maxInputPixels: 1_000_000 }],
    ['more bytes than maxInputBytes', { maxInputBytes: 10_000 }],
  ])('refuses %s with image_too_large', async (_name, options) => {
    const error = await refusal(camera, options);

    expect(error.code).toBe('image_too_large');
  });
});
