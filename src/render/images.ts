import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.js';

export interface NormalizeImageOptions {
  /** Wider images are scaled down to this width; smaller ones are never enlarged. Default 1600. */
  maxWidth?: number;
  /** Output format. Default 'jpeg'. */
  format?: 'jpeg' | 'webp';
  /** Encoder quality 1..100. Default 82. */
  quality?: number;
  /** Refuse images with more pixels than this (decompression bombs). Default 50 megapixels. */
  maxInputPixels?: number;
  /** Refuse inputs larger than this many bytes. Default 25 MiB. */
  maxInputBytes?: number;
  /**
   * JPEG encoding. `fast` (default): baseline JPEG with optimised Huffman tables, scaled with the Mitchell
   * filter; about 150 ms for a 12-megapixel photo on a 2-core server. `compact`: progressive mozjpeg with
   * trellis quantisation, scaled with Lanczos 3; files about 20 % smaller for about twice the time
   * (bench/RESULTS.md, item 4). WebP ignores it.
   */
  encoder?: 'fast' | 'compact';
}

export interface NormalizedImage {
  bytes: Buffer;
  width: number;
  height: number;
  format: 'jpeg' | 'webp';
  contentType: 'image/jpeg' | 'image/webp';
  extension: 'jpg' | 'webp';
}

export const DEFAULT_MAX_WIDTH = 1600;
export const DEFAULT_QUALITY = 82;
export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;
export const DEFAULT_MAX_INPUT_BYTES = 25 * 1024 * 1024;

/** Raster formats we accept (sharp's metadata names); 'heif' only with AV1 compression, i.e. AVIF. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/**
 * Makes a delivered photo safe and web-sized: only decodable raster images are accepted (SVG, HTML, PDF or text
 * named .jpg are refused with `image_invalid`), oversized inputs and decompression bombs with `image_too_large`;
 * the image is turned upright by its EXIF orientation, converted to sRGB, stripped of all metadata (EXIF, GPS,
 * XMP, IPTC, ICC), scaled down to `maxWidth` and re-encoded (JPEG as `encoder` says, or WebP).
 * The first frame of an animation is used.
 */
export async function normalizeImage(
  input: Buffer,
  options: NormalizeImageOptions = {},
): Promise<NormalizedImage> {
  const maxWidth = positiveInteger(options.maxWidth, DEFAULT_MAX_WIDTH);
  const quality = Math.min(100, positiveInteger(options.quality, DEFAULT_QUALITY));
  const maxInputPixels = positiveInteger(options.maxInputPixels, DEFAULT_MAX_INPUT_PIXELS);
  const maxInputBytes = positiveInteger(options.maxInputBytes, DEFAULT_MAX_INPUT_BYTES);
  const format = options.format ?? 'jpeg';

  if (input.length === 0) throw invalid('the file is empty');
  if (input.length > maxInputBytes) {
    throw tooLarge(`the file has ${input.length} bytes, more than the ${maxInputBytes} accepted`);
  }

  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw invalid('it is not an image sharp can read', cause);
  }
  const isAvif = metadata.format !== 'heif' || metadata.compression === 'av1';
  if (!ACCEPTED_FORMATS.has(metadata.format) || !isAvif) {
    throw invalid(`its format is ${metadata.format}, not a raster photo (JPEG, PNG, WebP, GIF, AVIF, TIFF)`);
  }
  // Checked from the header before decoding a single pixel; limitInputPixels below guards the decoder itself.
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height);
  if (!(pixels > 0)) throw invalid('it declares no dimensions');
  if (pixels > maxInputPixels) {
    throw tooLarge(
      `it has ${metadata.width}×${metadata.height} pixels, more than the ${maxInputPixels} accepted`,
    );
  }

  try {
    const compact = options.encoder === 'compact';
    let pipeline = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true, kernel: compact ? 'lanczos3' : 'mitchell' })
      .toColourspace('srgb');
    if (format === 'jpeg') {
      pipeline = pipeline
        .flatten({ background: '#ffffff' })
        .jpeg(
          compact
            ? { quality, mozjpeg: true, progressive: true }
            : { quality, optimiseCoding: true, progressive: false },
        );
    } else {
      pipeline = pipeline.webp({ quality });
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return format === 'jpeg'
      ? {
          bytes: data,
          width: info.width,
          height: info.height,
          format,
          contentType: 'image/jpeg',
          extension: 'jpg',
        }
      : {
          bytes: data,
          width: info.width,
          height: info.height,
          format,
          contentType: 'image/webp',
          extension: 'webp',
        };
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) {
      throw tooLarge('it has more pixels than accepted', cause);
    }
    throw invalid('it could not be decoded (damaged or truncated)', cause);
  }
}

function positiveInteger(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

function invalid(why: string, cause?: unknown): AppError {
  return new AppError('image_invalid', `The photo was refused: ${why}.`, { cause, retryable: false });
}

function tooLarge(why: string, cause?: unknown): AppError {
  return new AppError('image_too_large', `The photo was refused as too large: ${why}.`, {
    cause,
    retryable: false,
  });
}
