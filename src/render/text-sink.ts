/**
 * The words of one part of a live page as they stream out of the Tokenizer (./page-facts.ts): whitespace-
 * normalised on the way (the same as `normaliseSpace` of the whole), hashed piece by piece and never kept, so a
 * page of millions of text pieces costs no memory; `find` looks for one phrase across the pieces with a window
 * of its length.
 */
import { createHash, type Hash } from 'node:crypto';

export const normaliseSpace = (text: string): string => text.replace(/\s+/g, ' ').trim();

export class TextSink {
  private readonly hash: Hash = createHash('sha256');
  private started = false;
  private pendingSpace = false;
  private window = '';
  /** Pieces wait here and reach the hash in blocks: one update per piece would cost more than the read. */
  private buffer = '';
  /** Whether the phrase given to the constructor was among the words so far. */
  found = false;
  constructor(private readonly find?: string) {}

  add(text: string): void {
    const piece = text.replace(/\s+/g, ' ');
    if (piece === '') return;
    if (piece.startsWith(' ')) this.pendingSpace = true;
    const core = piece.trim();
    if (core !== '') {
      const part = this.started && this.pendingSpace ? ` ${core}` : core;
      this.buffer += part;
      if (this.buffer.length > 65_536) {
        this.hash.update(this.buffer);
        this.buffer = '';
      }
      this.started = true;
      this.pendingSpace = false;
      if (this.find && !this.found) {
        const seen = this.window + part;
        if (seen.includes(this.find)) this.found = true;
        this.window = seen.slice(-this.find.length);
      }
    }
    if (piece.endsWith(' ')) this.pendingSpace = true;
  }

  get empty(): boolean {
    return !this.started;
  }

  /** SHA-256 (hex) of the words, whitespace-normalised; ends the sink. */
  digest(): string {
    return this.hash.update(this.buffer).digest('hex');
  }
}
