import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { commanderError, localiseProgram } from '../../../src/commands/help-language.js';
import { createTranslator } from '../../../src/i18n/index.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

/** The message commander itself raises for `args` on a small program shaped like ours. */
function errorOf(args: string[]): string {
  const program = new Command('pb')
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  program
    .command('deal')
    .argument('<id>', 'deal id', (v) => {
      if (v === 'x') throw new InvalidArgumentError('not a number');
      return v;
    })
    .option('--limit <n>', 'how many')
    .requiredOption('--need <v>', 'needed')
    .addOption(new Option('--format <f>', 'format').choices(['a', 'b']))
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} })
    .action(() => {});
  try {
    program.parse(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.message;
    throw error;
  }
  throw new Error(`no error for ${args.join(' ')}`);
}

describe('src/commands/help-language: commander in the process language', () => {
  it.each([
    [['dael'], "chyba: neznámý příkaz 'dael'\n(Mysleli jste deal?)"],
    [['deal', '1', '--need', 'v', '--limt', '2'], "chyba: neznámá volba '--limt'\n(Mysleli jste --limit?)"],
    [['deal', '--need', 'v'], "chyba: chybí povinný argument 'id'"],
    [['deal', '1', '--need'], "chyba: volbě '--need <v>' chybí hodnota"],
    [['deal', '1'], "chyba: povinná volba '--need <v>' nebyla zadána"],
    [
      ['deal', '1', '2', '--need', 'v'],
      "chyba: příliš mnoho argumentů pro 'deal'. Čekaných: 1, zadaných: 2.",
    ],
    [
      ['deal', '1', '--need', 'v', '--format', 'c'],
      "chyba: hodnota 'c' volby '--format <f>' je neplatná. Možnosti jsou a, b.",
    ],
    [['deal', 'x', '--need', 'v'], "chyba: hodnota 'x' argumentu 'id' je neplatná. not a number"],
  ])('%j: commander’s own error in Czech, and in English word for word', (args, czech) => {
    const message = errorOf(args);
    expect(commanderError(message, cs)).toBe(czech);
    expect(commanderError(message, en)).toBe(message);
  });

  it('passes a sentence it does not know as commander wrote it', () => {
    expect(commanderError('error: something new', cs)).toBe('error: something new');
  });

  it('writes the help’s headings, built-in options, defaults and choices in the language', () => {
    const build = (t: typeof cs) => {
      const program = new Command('pb').version('1.0.0', '-V, --version', t.t('help.version'));
      program
        .command('demo')
        .description('d')
        .option('--deals <n>', 'n', '5')
        .addOption(new Option('--format <f>', 'format').choices(['a', 'b']));
      localiseProgram(program, t);
      return program;
    };
    const czech = build(cs);
    expect(czech.helpInformation()).toMatch(/^Použití: pb \[options\] \[command\]\n/);
    expect(czech.helpInformation()).toContain('Volby:');
    expect(czech.helpInformation()).toContain('Příkazy:');
    expect(czech.helpInformation()).toMatch(/-h, --help +vypíše nápovědu k příkazu/);
    expect(czech.helpInformation()).toMatch(/-V, --version +vypíše číslo verze/);
    expect(czech.helpInformation()).toMatch(/help \[command\] +vypíše nápovědu k příkazu/);
    const demo = czech.commands.find((c) => c.name() === 'demo');
    expect(demo?.helpInformation()).toContain('n (výchozí: "5")');
    expect(demo?.helpInformation()).toContain('format (možnosti: "a", "b")');
    const english = build(en);
    expect(english.helpInformation()).toMatch(/^Usage: pb/);
    expect(english.commands.find((c) => c.name() === 'demo')?.helpInformation()).toContain(
      'n (default: "5")',
    );
  });
});
