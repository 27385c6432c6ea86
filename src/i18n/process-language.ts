/**
 * The language of a process (issue 28): one rule for everything one `pressbridge` process shows the blogger —
 * the CLI's help, messages and errors, the terminal setup, the setup page, and the daemon's status page and
 * notifications. A blogger never reads two languages from one command. The first source that names a language
 * decides (docs/decisions/0019-one-language-per-process.md):
 *
 * | # | source                                   | when it counts                                           |
 * |---|------------------------------------------|----------------------------------------------------------|
 * | 1 | `--lang cs\|en` on the command line       | the commands that take it (`pressbridge setup`)          |
 * | 2 | `PRESSBRIDGE_LANGUAGE` (`cs`, `en`)      | always; with a config it overrides `ui.language`, as every `PRESSBRIDGE_*` overrides the file |
 * | 3 | the config's `ui.language` (default cs)  | once a config exists: the blogger's choice at setup      |
 * | 4 | the locale: `LC_ALL`, else `LC_MESSAGES`, else `LANG` | only before a config exists (the setup's first question is asked in it) |
 * | 5 | Czech                                    | our users are Czech bloggers                             |
 *
 * The locale (4) is POSIX's: the first of the three that is set and not empty is the one in effect. `cs_*` and
 * `sk_*` (Slovak readers read Czech) mean Czech; `C`, `POSIX` and `C.UTF-8` name no language (a fresh server,
 * a container) and fall through to Czech; any other language means English, the nearer of ours to a reader of
 * neither. Once a config exists the locale no longer counts: the daemon under systemd or Docker has no locale
 * of the blogger's, and the CLI must speak as the status page does.
 *
 * Pure: the caller reads the environment, the command line and (peeking, without validating) the config.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './catalog.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** `cs`/`en` in any case with spaces around; anything else names none of our languages. */
export function languageNamed(value: string | undefined): Language | undefined {
  const v = value?.trim().toLowerCase();
  return LANGUAGES.find((l) => l === v);
}

/**
 * The language the locale asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set (`cs_CZ.UTF-8` → cs,
 * `sk_SK` → cs, `en_GB.UTF-8` or `de_DE@euro` → en); undefined when it is C/POSIX or none is set.
 */
export function localeLanguage(env: Env): Language | undefined {
  const value = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v.trim() !== '');
  if (value === undefined) return undefined;
  const code =
    value
      .trim()
      .toLowerCase()
      .split(/[_.@-]/)[0] ?? '';
  if (code === '' || code === 'c' || code === 'posix') return undefined;
  if (code === 'cs' || code === 'sk') return 'cs';
  return /^[a-z]{2,3}$/.test(code) ? 'en' : undefined;
}

/** What a process knows when it picks its language. */
export interface LanguageSources {
  /** `--lang`, when the command has it and it was given. */
  flag?: string | undefined;
  env: Env;
  /**
   * The config, when one exists: its `ui.language` as written (undefined when it says none, or names no
   * language we have: the config's own check reports that).
   */
  config?: { language: string | undefined } | undefined;
}

/** The rule of the module comment. */
export function processLanguage(sources: LanguageSources): Language {
  return (
    languageNamed(sources.flag) ??
    languageNamed(sources.env.PRESSBRIDGE_LANGUAGE) ??
    (sources.config ? (languageNamed(sources.config.language) ?? DEFAULT_LANGUAGE) : undefined) ??
    localeLanguage(sources.env) ??
    DEFAULT_LANGUAGE
  );
}
