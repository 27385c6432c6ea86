import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPrompter } from '../../../src/setup/prompt.js';
import { streamText } from '../../helpers/stream-text.js';

/** A terminal as readline sees one: isTTY streams (raw mode a no-op), keys arriving one by one. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  return { input, output, shown: streamText(output) };
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

  it('on a terminal, answers typed ahead before the input ends are kept, in order', async () => {
    const term = fakeTerminal();
    term.input.end('jana\rblog.cz\r');
    const prompter = createPrompter(term);
    expect(await prompter.ask('Name: ')).toBe('jana');
    expect(await prompter.ask('Blog: ')).toBe('blog.cz');
    expect(await prompter.ask('More: ')).toBeUndefined();
    prompter.close();
    expect(term.shown()).toContain('More: ');
  });

  it('piped input: lines typed ahead are kept, nothing is echoed, the end is undefined', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const shown = streamText(output);
    input.end('first\nsecond\n');
    const prompter = createPrompter({ input, output });
    expect(await prompter.ask('1: ')).toBe('first');
    expect(await prompter.ask('2: ', { secret: true })).toBe('second');
    expect(await prompter.ask('3: ')).toBeUndefined();
    prompter.close();
    expect(shown()).toBe('1: 2: 3: ');
  });
});
