/**
 * The questions of `pressbridge setup`: one readline over the input whose lines are read through its iterator,
 * which buffers them (typed-ahead or piped answers are not lost).
 *
 * The input may end before the questions are asked (piped answers: `setup < answers.txt`). readline then closes
 * at once, its iterator still yields the lines it read, and on Node 26 `prompt()` on a closed interface
 * throws "readline was closed" (ERR_USE_AFTER_CLOSE; Node 20 and 22 wrote the prompt regardless). So after the
 * close the question is written to the output directly: the answers already read are still taken, in order.
 *
 * Secrets are not shown: on a terminal readline switches the input to raw mode (the terminal itself echoes
 * nothing) and echoes what is typed through the output stream it is given; that stream is ours, and while a
 * secret is read it drops everything. This is what npm's own `read` package does with `mute-stream`; the few
 * lines here need no dependency. Piped input is not echoed by anyone, so nothing needs muting there.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export interface PromptIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

export interface Prompter {
  /** Writes the question and reads one line (trimmed); undefined when the input ended. */
  ask(question: string, options?: { secret?: boolean }): Promise<string | undefined>;
  close(): void;
}

function isTty(stream: unknown): boolean {
  return (stream as { isTTY?: unknown }).isTTY === true;
}

export function createPrompter(io: PromptIo): Prompter {
  const terminal = isTty(io.input) && isTty(io.output);
  let muted = false;
  const echo = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (!muted) io.output.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: io.input, output: echo, terminal, historySize: 0 });
  if (terminal) {
    // Raw mode turns Ctrl+C into a key: give the terminal back, then stop as Ctrl+C does.
    rl.on('SIGINT', () => {
      rl.close();
      io.output.write('\n');
      process.kill(process.pid, 'SIGINT');
    });
  }
  let closed = false;
  rl.on('close', () => {
    closed = true;
  });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question, options = {}) {
      if (closed) {
        io.output.write(question);
      } else {
        rl.setPrompt(question);
        rl.prompt();
      }
      muted = options.secret === true;
      try {
        const next = await lines.next();
        return next.done ? undefined : String(next.value).trim();
      } finally {
        if (muted && terminal) io.output.write('\n');
        muted = false;
      }
    },
    close: () => rl.close(),
  };
}
