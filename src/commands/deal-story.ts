/** `pressbridge deal <id>`: one deal's story (record, steps, log, webhook events) in the blogger's language. */
import { Command } from 'commander';
import { systemClock } from '../clock.js';
import type { Config } from '../config/schema.js';
import { AppError } from '../errors.js';
import type { DealEvidence } from '../evidence/types.js';
import { dealErrorText } from '../i18n/deal-error.js';
import { stepName, stepOutcome } from '../i18n/deal-steps.js';
import { logEntryText, logFieldsText } from '../i18n/log-entry.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { type CommonOptions, configOption, positiveInt, withContext } from './context.js';
import { cliTranslator } from './language.js';

/** The deal's evidence on disk (src/evidence/), or undefined when there is none or it cannot be read. */
async function readEvidence(config: Readonly<Config>, dealId: number): Promise<DealEvidence | undefined> {
  const [{ createEvidenceStore, evidenceDirOf }, { createSilentLogger }] = await Promise.all([
    import('../evidence/store.js'),
    import('../logger.js'),
  ]);
  const store = createEvidenceStore({
    dir: evidenceDirOf(config),
    settings: config.evidence,
    clock: systemClock,
    log: createSilentLogger(),
  });
  return await store.read(dealId).catch(() => undefined);
}

export function dealCommand(plugins?: PluginRegistry): Command {
  const t = cliTranslator();
  return new Command('deal')
    .description(t.t('help.deal'))
    .argument('<id>', t.t('help.deal_id'), positiveInt)
    .option(...configOption(t))
    .option('--json', t.t('help.json'))
    .action(async (dealId: number, options: CommonOptions) => {
      const { dealNotes } = await import('./deal-notes.js');
      await withContext(options, plugins, async (ctx, out) => {
        const { t } = out;
        const id = String(dealId);
        const record = await ctx.store.get(dealId);
        if (!record) throw new AppError('not_found', t.t('cli.action.no_record', { id }));
        const [log, events] = await Promise.all([
          ctx.store.readLog(dealId, { limit: 200 }),
          ctx.store.readEvents(dealId, { limit: 50 }),
        ]);
        if (out.json) {
          out.data({ record, log, events });
          return;
        }
        const zone = ctx.config.ui.timeZone;
        const heading = out.paint(t.t('cli.deal.heading', { id }), 'bold');
        out.line(`${heading}  ${t.stateName(record.state)}  ${record.title ?? ''}`);
        out.line(
          t.t('cli.deal.facts', {
            blog: String(record.blogId),
            accepted: t.dateTime(record.receivedAt, zone),
            deadline: t.dateTime(record.deadline, zone),
            attempts: record.attempts,
          }),
        );
        if (record.url) out.line(t.t('cli.deal.url', { url: record.url }));
        const evidence = await readEvidence(ctx.config, dealId);
        if (evidence) {
          const last = evidence.latest?.check.at ?? evidence.entries.at(-1)?.check.at;
          out.line(
            t.t('evidence.cli.deal_line', {
              checks: evidence.entries.length,
              time: last ? t.dateTime(last, zone) : '–',
              deal: id,
            }),
          );
        }
        for (const note of dealNotes(record, t, zone)) out.line(out.paint(note, 'yellow'));
        if (record.error) {
          const said = dealErrorText(t, record);
          const error = record.supportCode
            ? t.t('cli.deal.error_with_code', { error: said, code: record.supportCode })
            : t.t('cli.deal.error', { error: said });
          out.line(out.paint(error, 'red'));
        }
        out.line();
        out.line(out.paint(t.t('cli.deal.steps'), 'bold'));
        const steps = Object.entries(record.steps).sort((a, b) =>
          a[1].startedAt.localeCompare(b[1].startedAt),
        );
        for (const [name, step] of steps) {
          const [shown, outcome] = [stepName(t, name), stepOutcome(t, step.outcome)];
          out.line(
            `  ${shown.padEnd(12)} ${outcome.padEnd(18)} ${String(step.ms).padStart(6)} ms  ${t.dateTime(step.startedAt, zone)}`,
          );
        }
        out.line();
        out.line(out.paint(t.t('cli.deal.log'), 'bold'));
        for (const entry of [...log].reverse()) {
          const shown = logFieldsText(t, entry);
          const fields = Object.keys(shown).length ? ` ${JSON.stringify(shown)}` : '';
          out.line(
            `  ${entry.time} ${entry.level.toUpperCase().padEnd(5)} ${logEntryText(t, entry)}${fields}`,
          );
        }
        out.line();
        out.line(out.paint(t.t('cli.deal.events'), 'bold'));
        for (const event of events) out.line(`  ${event.receivedAt} ${event.event} → ${event.outcome}`);
        if (events.length === 0) out.line(out.paint(`  ${t.t('cli.out.none')}`, 'dim'));
      });
    });
}
