/**
 * Why the setup's finish failed, told apart by how far it got, so that neither front says "could not be written"
 * about files that were written:
 *
 * | stage         | on disk                                   | what the blogger does                          |
 * |---------------|-------------------------------------------|------------------------------------------------|
 * | `check`       | nothing (refused before writing)          | correct the answer and save again              |
 * | `write`       | no usable configuration                   | fix the folder (space, permissions), save again |
 * | `after-write` | the config and its secrets, named          | start pressbridge with them, run doctor         |
 * | `start`       | the config and its secrets, named          | fix the cause, start pressbridge again          |
 *
 * `start` is the setup page's own (setup mode starts the daemon in the same process); the engine throws the
 * other three.
 */
import { AppError, errorMessage, errorSaid } from '../errors.js';
import { createTranslator, type Language, type MessageKey } from '../i18n/index.js';
import { scrubText } from '../redact.js';
import type { SetupText } from './wordpress/types.js';
import type { WrittenInstallation } from './write-config.js';

export type FinishStage = 'check' | 'write' | 'after-write' | 'start';

export class SetupFinishError extends AppError {
  constructor(
    readonly stage: FinishStage,
    /** The sentence for the blogger, in both languages: what is on disk and what to do. */
    readonly text: SetupText,
    /** The files, once written (`after-write`, `start`). */
    readonly written: WrittenInstallation | undefined,
    cause: unknown,
  ) {
    super('setup_finish_failed', text.en, { cause });
  }
}

/** The finish failed at `stage`; `dataDir` is where the files go, `written` what was written. */
export function finishFailure(
  stage: FinishStage,
  cause: unknown,
  where: { dataDir: string; written?: WrittenInstallation },
): SetupFinishError {
  const { written } = where;
  if (written && (stage === 'after-write' || stage === 'start')) {
    const key = stage === 'start' ? 'setup.finish.not_started' : 'setup.finish.written_then_failed';
    const params = { config: written.configPath, secrets: written.secretsPath };
    return new SetupFinishError(stage, withCause(key, params, cause), written, cause);
  }
  const key = stage === 'check' ? 'setup.finish.not_saved' : 'setup.finish.not_written';
  return new SetupFinishError(stage, withCause(key, { dir: where.dataDir }, cause), undefined, cause);
}

/** The sentence in both languages, the cause said in each (a config problem in the blogger's words too). */
function withCause(key: MessageKey, params: Record<string, string>, cause: unknown): SetupText {
  const said = errorSaid(cause);
  const text = (language: Language): string => {
    const t = createTranslator(language);
    return t.t(key, { ...params, error: scrubText(t.say(said, errorMessage(cause))).slice(0, 500) });
  };
  return { cs: text('cs'), en: text('en') };
}
