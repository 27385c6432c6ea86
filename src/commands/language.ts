/**
 * The CLI's side of the language rule (src/i18n/process-language.ts): `src/cli.ts` picks the process's language
 * once, from its command line and environment, before commander builds the help or parses anything, so
 * `--help`, commander's own errors, every command's output and the final error line speak one language. Where
 * a config exists, its `ui.language` is peeked at (read, not validated) for that; a command that then loads the
 * config for real keeps that language and takes its time zone (`ui.timeZone`).
 *
 * JSON output (`--json`) keeps English keys, and the daemon's own log (pino) stays English.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CONFIG_FILE_NAME, defaultDataDir } from '../config/paths.js';
import { createTranslator, type Language, type Translator } from '../i18n/index.js';
import { type Env, processLanguage } from '../i18n/process-language.js';

let chosen: { language: Language; timeZone?: string } | undefined;

/** The value of `--name value`, `--name=value` (or the short `-x value`, `-xvalue`) on a command line. */
export function optionValue(args: readonly string[], long: string, short?: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return undefined;
    if (arg === long || (short !== undefined && arg === short)) return args[i + 1];
    if (arg.startsWith(`${long}=`)) return arg.slice(long.length + 1);
    if (short !== undefined && arg.startsWith(short) && arg.length > short.length && !arg.startsWith('--'))
      return arg.slice(short.length);
  }
  return undefined;
}

/**
 * The config a command would read (`--config`, `$PRESSBRIDGE_CONFIG`, else `<data dir>/pressbridge.yaml` when it
 * exists) with its `ui.language` as written; undefined when there is none. An unreadable or broken file still
 * counts as a config (its language unknown): the command that loads it reports what is wrong, in Czech unless
 * PRESSBRIDGE_LANGUAGE says otherwise.
 */
export function peekConfig(args: readonly string[], env: Env): { language: string | undefined } | undefined {
  const given = optionValue(args, '--config', '-c') || env.PRESSBRIDGE_CONFIG;
  const dataDir = optionValue(args, '--data-dir');
  const installed = join(dataDir ?? defaultDataDir(env), CONFIG_FILE_NAME);
  const path = given || (existsSync(installed) ? installed : undefined);
  if (path === undefined) return undefined;
  try {
    const doc: unknown = parse(readFileSync(path, 'utf8'));
    const ui = (doc as { ui?: unknown } | null)?.ui;
    const language = (ui as { language?: unknown } | null | undefined)?.language;
    return { language: typeof language === 'string' ? language : undefined };
  } catch {
    return { language: undefined };
  }
}

/** The language of a `pressbridge` process run with these arguments (the words after `pressbridge`). */
export function commandLineLanguage(args: readonly string[], env: Env): Language {
  return processLanguage({ flag: optionValue(args, '--lang'), env, config: peekConfig(args, env) });
}

/** Called once by src/cli.ts before it builds the program: this process speaks `language` from now on. */
export function useProcessLanguage(language: Language): Translator {
  chosen = { language };
  return createTranslator(language);
}

/**
 * Called once a command has read its config: later messages use its language (the same the process started
 * with, unless the config changed under it) and times its zone (`ui.timeZone`).
 */
export function useConfigLanguage(ui: { language: Language; timeZone: string }): Translator {
  chosen = { language: ui.language, timeZone: ui.timeZone };
  return createTranslator(ui.language, ui.timeZone);
}

/**
 * Forgets the language chosen above, as a new process starts without one. Only for a test runner that keeps
 * modules loaded from one test file to the next (vitest's unit project, test/helpers/unit-file-setup.ts).
 */
export function forgetProcessLanguage(): void {
  chosen = undefined;
}

/**
 * The translator for the CLI's messages right now: the process's language once chosen; else (a command run
 * inside a test) the rule applied to the environment alone.
 */
export function cliTranslator(env: Env = process.env): Translator {
  if (chosen) return createTranslator(chosen.language, chosen.timeZone);
  return createTranslator(commandLineLanguage([], env));
}
