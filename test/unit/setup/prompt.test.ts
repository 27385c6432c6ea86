import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPrompter } from '../../../src/setup/prompt.js';

/** A terminal as readline sees one: isTTY streams (raw mode a no-op), keys arriving one by one. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString('utf8');
  });
  return { input, output, shown: () => shown };
}

describe('src/setup/prompt', () => {
  it('on a terminal, echoes a plain answer but not a secret (backspace included)', async () => {
    const term = fakeTerminal();
    const prompter = createPrompter(term);
    const name = prompter.ask('Name: ');
    term.input.write('jana\r');
    expect(await name).toBe('jana');
    const key = prompter.ask('Key: ', { secret: true });
    term.input.write('top-secX\x7fret-42\r');
    expect(await key).toBe('top-secret-42');
    prompter.close();
    expect(term.shown()).toContain('Name: ');
    expect(term.shown()).toContain('jana');
    expect(term.shown()).toContain('Key: ');
    expect(term.shown()).not.toMatch(/top|secret|42/);
  });

  it('piped input: lines typed ahead are kept, nothing is echoed, the end is undefined', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    input.end('first\nsecond\n');
    const prompter = createPrompter({ input, output });
    expect(await prompter.ask('1: ')).toBe('first');
    expect(await prompter.ask('2: ', { secret: true })).toBe('second');
    expect(await prompter.ask('3: ')).toBeUndefined();
    prompter.close();
    expect(String(output.read())).toBe('1: 2: 3: ');
  });
});
