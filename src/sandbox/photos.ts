import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Real JPEGs for the deals' photos, made with sharp. Each carries EXIF metadata a publisher must not leak to
 * the public web (GPS position, camera, copyright, artist) and an Orientation tag, so the pipeline's metadata
 * stripping and auto-rotation can be proven on the bytes. Photo 1 of every deal is stored as a camera held
 * upright would store it: 800 × 1200 pixels with Orientation 6 (the viewer turns it 90° clockwise); every other
 * photo is 1200 × 800 with Orientation 1. Displayed, every photo is PHOTO_WIDTH × PHOTO_HEIGHT with the text
 * "↑ nahoře" in its top-left corner.
 */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

/** What the sandbox writes into each photo's EXIF; tests compare against it. */
export const PHOTO_EXIF = {
  copyright: 'Sandbox Marketplace s.r.o.',
  artist: 'Sandbox Photographer',
  make: 'SandboxCam',
  gpsLatitude: '50/1 5/1 16/1',
  gpsLongitude: '14/1 25/1 17/1',
} as const;

export function photoOrientation(n: number): number {
  return n === 1 ? 6 : 1;
}

function colour(seed: Buffer, offset: number): string {
  return `#${seed.subarray(offset, offset + 3).toString('hex')}`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Displayed size of the rendered photos; tests that need many deals fast ask for small ones. */
export interface PhotoSize {
  width: number;
  height: number;
}

/** Whose photo: a deal's (the default) or a demand's materials (`/v1/demands/{id}/photos/{n}`). */
export type PhotoOwner = 'deal' | 'demand';

export async function renderPhoto(
  dealId: number,
  n: number,
  size: PhotoSize = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT },
  owner: PhotoOwner = 'deal',
): Promise<Buffer> {
  // Colours derived from (deal, n): every photo differs from every other, so de-duplication by hash is testable.
  const seed = createHash('sha256')
    .update(owner === 'deal' ? `${dealId}:${n}` : `demand:${dealId}:${n}`)
    .digest();
  const who = owner === 'deal' ? `Obchod ${dealId}` : `Poptávka ${dealId}`;
  const label = n === 0 ? `${who} · titulní foto` : `${who} · foto ${n}`;
  const cx = 200 + (seed.readUInt16BE(9) % 800);
  const cy = 150 + (seed.readUInt16BE(11) % 500);
  // The drawing is made for PHOTO_WIDTH × PHOTO_HEIGHT; the viewBox scales it to the size asked for.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}" preserveAspectRatio="none">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colour(seed, 0)}"/><stop offset="1" stop-color="${colour(seed, 3)}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${cx}" cy="${cy}" r="${120 + (seed[13] ?? 0)}" fill="${colour(seed, 6)}" opacity="0.7"/>
  <rect x="60" y="60" width="260" height="80" fill="#ffffff" opacity="0.85"/>
  <text x="80" y="115" font-family="sans-serif" font-size="44" fill="#222222">↑ nahoře</text>
  <text x="60" y="${PHOTO_HEIGHT - 60}" font-family="sans-serif" font-size="64" fill="#ffffff">${escapeXml(label)}</text>
</svg>`;
  const orientation = photoOrientation(n);
  // Stored as a camera would: pixels turned so that a viewer honouring Orientation 6 (turn 90° clockwise)
  // shows the picture upright, at the size asked for (PHOTO_WIDTH × PHOTO_HEIGHT by default).
  const upright = sharp(Buffer.from(svg));
  const stored = orientation === 6 ? sharp(await upright.rotate(270).png().toBuffer()) : upright;
  return await stored
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: {
        Copyright: PHOTO_EXIF.copyright,
        Artist: PHOTO_EXIF.artist,
        Make: PHOTO_EXIF.make,
        ImageDescription: `sandbox deal ${dealId} photo ${n}`,
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: PHOTO_EXIF.gpsLatitude,
        GPSLongitudeRef: 'E',
        GPSLongitude: PHOTO_EXIF.gpsLongitude,
      },
    })
    .jpeg({ quality: 82 })
    .toBuffer();
}

export interface PhotoCache {
  get(dealId: number, n: number, owner?: PhotoOwner): Promise<Buffer>;
}

/** Rendering costs ~50–100 ms, so photos are kept; the oldest go first once `maxEntries` is reached. */
export function createPhotoCache(maxEntries = 500, size?: PhotoSize): PhotoCache {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    get(dealId, n, owner = 'deal') {
      const key = `${owner}:${dealId}:${n}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const rendering = renderPhoto(dealId, n, size, owner);
      rendering.catch(() => cache.delete(key));
      cache.set(key, rendering);
      if (cache.size > maxEntries) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return rendering;
    },
  };
}
