/**
 * The language of the CLI's messages to the blogger: the config's `ui.language` once a config is read; before
 * that (or when it cannot be read) `PRESSBRIDGE_LANGUAGE` if it names a language, else Czech. JSON output and
 * logs stay English; messages thrown deep in the code (config, marketplace, publisher errors) stay English too.
 */
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  type Translator,
} from '../i18n/index.js';

let fromConfig: { language: Language; timeZone: string } | undefined;

/** `PRESSBRIDGE_LANGUAGE` when it is `cs` or `en`, else the default (cs). */
export function envLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const value = env.PRESSBRIDGE_LANGUAGE?.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/**
 * Called once a command has read its config: later messages (the final error line too) use its language, and
 * times its zone (`ui.timeZone`).
 */
export function useConfigLanguage(ui: { language: Language; timeZone: string }): Translator {
  fromConfig = { language: ui.language, timeZone: ui.timeZone };
  return createTranslator(ui.language, ui.timeZone);
}

/** The translator for the CLI's messages right now (see the module comment). */
export function cliTranslator(env: NodeJS.ProcessEnv = process.env): Translator {
  return fromConfig
    ? createTranslator(fromConfig.language, fromConfig.timeZone)
    : createTranslator(envLanguage(env));
}
