/**
 * What a step's questions in `pressbridge setup` are asked through (../web/steps/step.ts `ask`): the blogger's
 * language, the flags, one prompter (./prompt.ts: keys and passwords are not echoed), and the setup's draft.
 * With `--yes` nothing is asked: every answer comes from the flags or the environment (scripted installs), and a
 * missing or refused one ends the setup with a sentence that names its flag or its rule.
 */
import type { Check } from '../checks.js';
import { AppError } from '../errors.js';
import { createTranslator, type Language, type Translator } from '../i18n/index.js';
import { LOCAL_ADDRESS_CHECK } from './address-guard.js';
import type { Read } from './answers/read.js';
import { newDraft, type SetupDraft } from './draft.js';
import type { FinishResult, SetupEngine } from './engine.js';
import { createPrompter, type Prompter } from './prompt.js';
import type { SetupText } from './wordpress/types.js';

export interface TerminalSetupOptions {
  yes?: boolean | undefined;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  blog?: string | undefined;
  target?: string | undefined;
  wordpressUrl?: string | undefined;
  wordpressUser?: string | undefined;
  wordpressPassword?: string | undefined;
  intake?: string | undefined;
  webhookUrl?: string | undefined;
  ntfyTopic?: string | undefined;
  agent?: boolean | undefined;
  statusHost?: string | undefined;
  statusPort?: number | undefined;
  /** The webhook listener's port (polling: used once a webhook is registered). */
  webhookPort?: number | undefined;
  statusPassword?: string | undefined;
  redisUrl?: string | undefined;
  redisPrefix?: string | undefined;
  /** `--allow-local`: a local API or WordPress address is meant (the sandbox, a WordPress on this machine). */
  allowLocal?: boolean | undefined;
}

export interface TerminalIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

export interface TerminalContext {
  readonly engine: SetupEngine;
  readonly draft: SetupDraft;
  readonly options: TerminalSetupOptions;
  readonly language: Language;
  readonly t: Translator;
  /** False with `--yes`. */
  readonly interactive: boolean;
  say(text: string): void;
  /** Each check with its mark, and the fix of a failed one. */
  showChecks(checks: readonly Check<SetupText>[]): void;
  /**
   * The flag's value (`given`); else the question, the fallback shown in brackets and taken on Enter; with
   * `--yes` the fallback, or an error that names the flag.
   */
  ask(question: string, given: string | undefined, flag: string, fallback?: string): Promise<string>;
  /** As `ask`, not echoed, without a fallback. */
  secret(question: string, given: string | undefined, flag: string): Promise<string>;
  /**
   * Asks (`attempt`) until the answer reads, saying each refusal; with `--yes` the refusal ends the setup.
   * `first` is true only the first time: a flag's value is offered once, then the question is asked.
   */
  until<T>(attempt: (first: boolean) => Promise<Read<T>>): Promise<T>;
  /**
   * Whether a refused local address (a `local-address` check) is meant: a yes to the question; with `--yes` never
   * (the refusal's fix names `--allow-local`).
   */
  confirmLocal(checks: readonly Check<SetupText>[]): Promise<boolean>;
  /** What the finish wrote (the last step). */
  finished?: FinishResult;
}

export function createTerminalContext(
  engine: SetupEngine,
  options: TerminalSetupOptions,
  language: Language,
  io: TerminalIo,
): TerminalContext & { close(): void } {
  const t = createTranslator(language);
  const prompter: Prompter | undefined = options.yes ? undefined : createPrompter(io);
  const say = (text: string): void => void io.output.write(`${text}\n`);
  const ask = async (
    question: string,
    given: string | undefined,
    flag: string,
    fallback?: string,
    secret = false,
  ): Promise<string> => {
    if (given !== undefined && given !== '') return given;
    if (!prompter) {
      if (fallback !== undefined) return fallback;
      throw new AppError('setup_missing_answer', t.t('setup.cli.missing_answer', { flag }));
    }
    const answer = await prompter.ask(`${question}${fallback ? ` [${fallback}]` : ''}: `, { secret });
    if (answer === undefined) throw new AppError('setup_input_ended', t.t('setup.cli.input_ended'));
    return answer || fallback || (await ask(question, undefined, flag, fallback, secret));
  };
  return {
    engine,
    draft: newDraft(language),
    options,
    language,
    t,
    interactive: prompter !== undefined,
    say,
    showChecks(checks) {
      for (const c of checks) {
        const fix = c.fix ? `\n  ${t.t('setup.page.fix')}: ${c.fix[language]}` : '';
        say(`${c.status === 'ok' ? '✓' : '✗'} ${c.detail[language]}${fix}`);
      }
    },
    ask: (question, given, flag, fallback) => ask(question, given, flag, fallback),
    secret: (question, given, flag) => ask(question, given, flag, undefined, true),
    async until(attempt) {
      for (let first = true; ; first = false) {
        const read = await attempt(first);
        if (read.ok) return read.value;
        say(`✗ ${read.problem[language]}`);
        if (!prompter) throw new AppError('setup_answer_refused', read.problem[language]);
      }
    },
    async confirmLocal(checks) {
      if (!checks.some((c) => c.id === LOCAL_ADDRESS_CHECK) || !prompter) return false;
      const answer = await prompter.ask(`${t.t('setup.address.confirm_local')} [no]: `);
      return /^\s*(y|yes|a|ano)\s*$/i.test(answer ?? '');
    },
    close: () => prompter?.close(),
  };
}
