import {
  appendFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckLogIndex } from '../../../src/evidence/check-log.js';
import type { EvidenceEntry } from '../../../src/evidence/types.js';
import { check } from './fixtures.js';

const line = (seq: number, file?: string): string => {
  const entry: EvidenceEntry = {
    seq,
    kind: seq === 1 ? 'first' : 'change',
    check: check({ status: 200 + seq }),
  };
  if (file) entry.snapshot = { file, sha256: 'a'.repeat(64), bytes: 1, storedBytes: 1 };
  return `${JSON.stringify(entry)}\n`;
};

describe('src/evidence/check-log', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-check-log-'));
    file = join(dir, 'checks.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is empty for a file that does not exist', async () => {
    expect(await createCheckLogIndex().summary(file)).toEqual({});
  });

  it('follows the lines appended since, by anyone: the last one, the first snapshot', async () => {
    const index = createCheckLogIndex();
    writeFileSync(file, line(1));
    expect(await index.summary(file)).toMatchObject({ last: { seq: 1 } });
    expect((await index.summary(file)).firstFile).toBeUndefined();
    appendFileSync(file, line(2, '2-0123456789abcdef.html.gz') + line(3, '3-0123456789abcdef.html.gz'));
    expect(await index.summary(file)).toMatchObject({
      last: { seq: 3 },
      firstFile: '2-0123456789abcdef.html.gz',
    });
  });

  it('skips invalid lines and waits for the newline of a torn one', async () => {
    const index = createCheckLogIndex();
    writeFileSync(file, `${line(1)}not json\n{"seq":"x"}\n${line(2).slice(0, 30)}`);
    expect((await index.summary(file)).last?.seq).toBe(1);
    // The torn line completed (as the store's append does: a newline first), then a whole one.
    appendFileSync(file, `\n${line(3)}`);
    expect((await index.summary(file)).last?.seq).toBe(3);
    // Finished by its writer instead, the torn line is read whole.
    writeFileSync(file, `${line(1)}${line(2).slice(0, 30)}`);
    const fresh = createCheckLogIndex();
    expect((await fresh.summary(file)).last?.seq).toBe(1);
    appendFileSync(file, line(2).slice(30));
    expect((await fresh.summary(file)).last?.seq).toBe(2);
  });

  it('does not read again what it has read: only the bytes appended since', async () => {
    const index = createCheckLogIndex();
    writeFileSync(file, line(1, '1-0123456789abcdef.html.gz'));
    await index.summary(file);
    // The first line changed in place (same length, same file): not read again, so not seen.
    const handle = await open(file, 'r+');
    await handle.write(line(1, '1-fedcba9876543210.html.gz'), 0);
    await handle.close();
    appendFileSync(file, line(2));
    expect(await index.summary(file)).toMatchObject({
      last: { seq: 2 },
      firstFile: '1-0123456789abcdef.html.gz',
    });
  });

  it.each([
    ['shortened', () => truncateSync(file, 0), undefined],
    [
      'replaced by another file',
      () => {
        writeFileSync(`${file}.new`, line(1, '1-fedcba9876543210.html.gz') + line(2) + line(3));
        renameSync(`${file}.new`, file);
      },
      '1-fedcba9876543210.html.gz',
    ],
  ])('reads a file %s again from its start', async (_, change, firstFile) => {
    const index = createCheckLogIndex();
    writeFileSync(file, line(1, '1-0123456789abcdef.html.gz') + line(2));
    await index.summary(file);
    change();
    appendFileSync(file, line(4));
    const summary = await index.summary(file);
    expect(summary.last?.seq).toBe(4);
    expect(summary.firstFile).toBe(firstFile);
  });

  it('refuses a symbolic link', async () => {
    writeFileSync(join(dir, 'elsewhere'), line(1));
    symlinkSync(join(dir, 'elsewhere'), file);
    await expect(createCheckLogIndex().summary(file)).rejects.toThrow(/ELOOP/);
  });
});
