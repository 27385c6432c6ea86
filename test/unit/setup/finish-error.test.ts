import { describe, expect, it } from 'vitest';
import { finishFailure } from '../../../src/setup/finish-error.js';

describe('src/setup/finish-error', () => {
  const written = { configPath: '/data/pressbridge.yaml', secretsPath: '/data/secrets.json' };

  it.each([
    ['check', undefined, /^The setup was not saved, nothing was written: boom\./, /^Nastavení se neuložilo/],
    [
      'write',
      undefined,
      /^The setup cannot be written to the folder \/data \(boom\)/,
      /^Nastavení nejde zapsat/,
    ],
    [
      'after-write',
      written,
      /^The setup is saved in \/data\/pressbridge\.yaml \(secrets in \/data\/secrets\.json\), but the step after saving failed: boom\./,
      /^Nastavení je uložené v \/data\/pressbridge\.yaml/,
    ],
    [
      'start',
      written,
      /^The setup is saved in \/data\/pressbridge\.yaml \(secrets in \/data\/secrets\.json\), but pressbridge did not start with it: boom\. .*pressbridge start/,
      /^Nastavení je uložené v \/data\/pressbridge\.yaml .*nespustil/,
    ],
  ] as const)('%s: says what is on disk and what to do, in both languages', (stage, files, en, cs) => {
    const failure = finishFailure(stage, new Error('boom'), {
      dataDir: '/data',
      ...(files ? { written: files } : {}),
    });
    expect(failure.stage).toBe(stage);
    expect(failure.text.en).toMatch(en);
    expect(failure.text.cs).toMatch(cs);
    expect(failure.message).toBe(failure.text.en);
  });

  it('scrubs a secret the cause carries (a Redis address with its password)', () => {
    const failure = finishFailure(
      'start',
      new Error('connect redis://:hunter2hunter2@10.0.0.5:6379 refused'),
      {
        dataDir: '/data',
        written,
      },
    );
    expect(failure.text.en).not.toContain('hunter2hunter2');
    expect(failure.text.cs).not.toContain('hunter2hunter2');
  });
});
