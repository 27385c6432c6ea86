import type { RenderNote } from './types.js';

/** Which photos exist, which markers were used, and the notes about both. */
export class PhotoLedger {
  readonly notes: RenderNote[] = [];
  private readonly photos: ReadonlySet<number>;
  private readonly used = new Set<number>();
  private readonly missing = new Set<number>();

  constructor(photoNumbers: readonly number[]) {
    this.photos = new Set(photoNumbers);
  }

  /** True when the image for marker `n` belongs here: the photo exists, is not the cover, not placed yet. */
  claim(n: number): boolean {
    if (!this.photos.has(n)) {
      if (!this.missing.has(n)) {
        this.missing.add(n);
        this.notes.push({ kind: 'missing_photo', n });
      }
      return false;
    }
    if (n === 0 || this.used.has(n)) return false;
    this.used.add(n);
    return true;
  }

  hasCover(): boolean {
    return this.photos.has(0);
  }

  /** Body photos never referenced by a marker, ascending. */
  unused(): number[] {
    return [...this.photos].filter((n) => n > 0 && !this.used.has(n)).sort((a, b) => a - b);
  }
}
