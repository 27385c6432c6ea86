/**
 * `pressbridge setup` in a terminal: the same steps (./web/steps/: `STEPS`, in their order), engine and answers
 * as the /setup page, asked in the blogger's language through ./terminal-context.ts (keys and passwords are not
 * echoed); with `--yes` nothing is asked and every answer comes from the flags or the environment (scripted
 * installs), a missing one being an error that names its flag.
 *
 * WordPress: the terminal prints WordPress's authorization link without a success_url, so WordPress shows the
 * new Application Password on its page, and takes the paste; then every check of the connection with its fix.
 */
import type { Language } from '../i18n/index.js';
import type { FinishResult, SetupEngine } from './engine.js';
import { createTerminalContext, type TerminalIo, type TerminalSetupOptions } from './terminal-context.js';
import { STEPS } from './web/steps/index.js';
import type { SetupStep } from './web/steps/step.js';

export async function runTerminalSetup(
  engine: SetupEngine,
  options: TerminalSetupOptions,
  language: Language,
  io: TerminalIo,
  steps: readonly SetupStep[] = STEPS,
): Promise<FinishResult> {
  const term = createTerminalContext(engine, options, language, io);
  try {
    for (const step of steps) if (!step.done(term.draft)) await step.ask(term);
  } finally {
    term.close();
  }
  if (!term.finished) throw new Error('setup: no step finished the setup');
  return term.finished;
}
