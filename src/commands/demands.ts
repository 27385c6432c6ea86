/**
 * The demands in the terminal (issue 30 items 2 and 3), texts in `ui.language`:
 *
 *   pressbridge demands [--blog <id>] [--json]        the stored demands newest first, one line each with the
 *                                                     verdict and its reasons (no marketplace request)
 *   pressbridge demands decline --blog <id> [--yes]   declines every available demand of the blog
 *   pressbridge offer <demand> [--blog <id>] [--reward <Kč>] [--note <text>] [--yes]
 *
 * An offer or a decline asks first on a terminal (`--yes` confirms beforehand; elsewhere `--yes` is required),
 * then goes through the one offer service (src/demands/offer.ts, `by: 'cli'`). Exit 0 when offered or offered
 * already, 1 with the failure's meaning and fix.
 */
import { Command } from 'commander';
import { type CommonOptions, configOption, positiveInt } from './context.js';
import type { BlogOption, OfferOptions } from './demands-run.js';
import { cliTranslator } from './language.js';

export function demandsCommands(): Command[] {
  const help = cliTranslator();
  // `demands decline` is an argument, not a subcommand: commander would give a subcommand's --blog to the listing.
  const demands = new Command('demands')
    .description(help.t('help.demands'))
    .argument('[decline]', help.t('help.demands.decline'))
    .option(...configOption(help))
    .option('--blog <id>', help.t('help.demands.blog'), positiveInt)
    .option('-y, --yes', help.t('help.demands.yes'))
    .option('--json', help.t('help.json'))
    .action(async (action: string | undefined, options: CommonOptions & BlogOption & { yes?: boolean }) => {
      const run = await import('./demands-run.js');
      if (action === undefined) await run.listDemands(options);
      else await run.declineDemands(action, options);
    });

  const offer = new Command('offer')
    .description(help.t('help.offer'))
    .argument('<demand>', help.t('help.offer.demand'), positiveInt)
    .option(...configOption(help))
    .option('--blog <id>', help.t('help.offer.blog'), positiveInt)
    .option('--reward <Kč>', help.t('help.offer.reward'), positiveInt)
    .option('--note <text>', help.t('help.offer.note'))
    .option('-y, --yes', help.t('help.demands.yes'))
    .option('--json', help.t('help.json'))
    .action(async (demandId: number, options: OfferOptions) => {
      await (await import('./demands-run.js')).offerDemand(demandId, options);
    });

  return [demands, offer];
}
