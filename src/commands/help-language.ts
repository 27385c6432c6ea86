/**
 * Commander's own words in the process's language (issue 28): the help's headings, its built-in `-h`/`-V`
 * options and `help` command, the "(default: …)" of an option, and its errors ("error: unknown option …").
 * Commander writes them in English; this reads each of its error sentences (the templates of commander 14,
 * node_modules/commander/lib/command.js) and says it again from the catalog (src/i18n/messages/cli-help.ts),
 * in English too, so one test of the Czech proves the reading. A sentence it does not recognise (a newer
 * commander) is passed on as commander wrote it.
 */
import type { Argument, Command, Help, Option } from 'commander';
import type { MessageKey, MessageParams, Translator } from '../i18n/index.js';

const TITLES: Readonly<Record<string, MessageKey>> = {
  'Usage:': 'help.title.usage',
  'Options:': 'help.title.options',
  'Commands:': 'help.title.commands',
  'Arguments:': 'help.title.arguments',
  'Global Options:': 'help.title.global_options',
};

/** Commander's "Allowed choices are a, b." (the reason of an invalid value), in the language. */
function reason(t: Translator, why: string): string {
  const choices = /^Allowed choices are (.*)\.$/.exec(why);
  return choices ? t.t('help.error.choices', { values: choices[1] ?? '' }) : why;
}

/** Commander's "\n(Did you mean x?)" after an unknown option or command, in the language (or nothing). */
function suggestion(t: Translator, text: string | undefined): string {
  if (!text) return '';
  const m = /^\n\(Did you mean (one of )?(.*)\?\)$/s.exec(text);
  if (!m) return text;
  return `\n${t.t(m[1] ? 'help.error.did_you_mean_one_of' : 'help.error.did_you_mean', { what: m[2] ?? '' })}`;
}

type Reading = (m: RegExpExecArray, t: Translator) => [MessageKey, MessageParams] | string;

/** Commander 14's error sentences, each with what it becomes. */
const ERRORS: ReadonlyArray<[RegExp, Reading]> = [
  [
    /^error: unknown option ('.*?')(\n\(Did you mean .*\?\))?$/s,
    (m, t) => `${t.t('help.error.unknown_option', { option: m[1] ?? '' })}${suggestion(t, m[2])}`,
  ],
  [
    /^error: unknown command ('.*?')(\n\(Did you mean .*\?\))?$/s,
    (m, t) => `${t.t('help.error.unknown_command', { command: m[1] ?? '' })}${suggestion(t, m[2])}`,
  ],
  [
    /^error: too many arguments(?: for ('.*?'))?\. Expected (\d+) (arguments?) but got (\d+)\.$/,
    (m, t) => [
      m[3] === 'argument' ? 'help.error.too_many_one' : 'help.error.too_many',
      {
        for: m[1] ? t.t('help.error.for_command', { command: m[1] }) : '',
        expected: Number(m[2]),
        got: Number(m[4]),
      },
    ],
  ],
  [
    /^error: missing required argument ('.*')$/,
    (m) => ['help.error.missing_argument', { argument: m[1] ?? '' }],
  ],
  [
    /^error: option ('.*') argument missing$/,
    (m) => ['help.error.option_argument_missing', { option: m[1] ?? '' }],
  ],
  [
    /^error: required option ('.*') not specified$/,
    (m) => ['help.error.required_option', { option: m[1] ?? '' }],
  ],
  [
    /^error: option ('.*?') argument ('.*?') is invalid\. ?(.*)$/s,
    (m, t) => [
      'help.error.invalid_option_value',
      { option: m[1] ?? '', value: m[2] ?? '', why: reason(t, m[3] ?? '') },
    ],
  ],
  [
    /^error: command-argument value ('.*?') is invalid for argument ('.*?')\. ?(.*)$/s,
    (m, t) => [
      'help.error.invalid_argument_value',
      { value: m[1] ?? '', argument: m[2] ?? '', why: reason(t, m[3] ?? '') },
    ],
  ],
];

/** One of commander's error sentences in the language; unknown ones as commander wrote them. */
export function commanderError(message: string, t: Translator): string {
  for (const [pattern, read] of ERRORS) {
    const m = pattern.exec(message);
    if (!m) continue;
    const said = read(m, t);
    return typeof said === 'string' ? said : t.t(...said);
  }
  return message;
}

/** "description (default: x, choices: a, b)" as commander writes it, with its words in the language. */
function described(
  t: Translator,
  description: string,
  facts: { choices?: readonly string[] | undefined; value?: string | undefined },
): string {
  const extra = [
    ...(facts.choices
      ? [t.t('help.choices', { values: facts.choices.map((c) => JSON.stringify(c)).join(', ') })]
      : []),
    ...(facts.value !== undefined ? [t.t('help.default', { value: facts.value })] : []),
  ];
  if (extra.length === 0) return description;
  return description ? `${description} (${extra.join(', ')})` : `(${extra.join(', ')})`;
}

function defaultShown(option: Option): string | undefined {
  if (option.defaultValue === undefined) return undefined;
  // As commander: a boolean flag's default shows only when it is true/false on purpose.
  const shown =
    option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
  return shown ? (option.defaultValueDescription ?? JSON.stringify(option.defaultValue)) : undefined;
}

function helpConfiguration(t: Translator): Partial<Help> {
  return {
    styleTitle: (title: string) => {
      const key = TITLES[title];
      return key ? t.t(key) : title;
    },
    optionDescription: (option: Option) =>
      described(t, option.description ?? '', { choices: option.argChoices, value: defaultShown(option) }),
    argumentDescription: (argument: Argument) =>
      described(t, argument.description, {
        choices: argument.argChoices,
        value:
          argument.defaultValue === undefined
            ? undefined
            : (argument.defaultValueDescription ?? JSON.stringify(argument.defaultValue)),
      }),
  };
}

/**
 * Gives every command of the program (subcommands added with `addCommand` too, which inherit nothing) the
 * language's help and errors. Called once the program is built.
 */
export function localiseProgram(program: Command, t: Translator): void {
  const visit = (command: Command): void => {
    command.configureHelp(helpConfiguration(t));
    command.configureOutput({
      outputError: (text, write) => write(`${commanderError(text.replace(/\n$/, ''), t)}\n`),
    });
    command.helpOption('-h, --help', t.t('help.help_option'));
    if (command.commands.length > 0) command.helpCommand('help [command]', t.t('help.help_command'));
    for (const sub of command.commands) visit(sub);
  };
  visit(program);
}
