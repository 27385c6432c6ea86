import type { Readable } from 'node:stream';

/**
 * Everything a stream carries, as text so far. Reading a PassThrough with one `read()` is not enough: on Node 26
 * (unlike 20 and 22) `read()` without a size returns one buffered chunk, not all of them.
 */
export function streamText(stream: Readable): () => string {
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return () => text;
}
