/**
 * `pressbridge doctor`: the local checks (config, Redis, the API key, every blog target, the webhook: src/doctor/)
 * printed as they come, each with a fix for a failure, then one line that sums them up (or all as JSON with
 * `--json`). `pressbridge doctor --live` checks the marketplace assumptions against the real service instead
 * (doctor-live.ts). Both are loaded when the command runs.
 */
import { Command } from 'commander';
import type { Check } from '../checks.js';
import { AppError } from '../errors.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { type CommonOptions, configOption, withContext } from './context.js';
import { cliTranslator } from './language.js';
import type { Output } from './output.js';

interface DoctorOptions extends CommonOptions {
  live?: boolean;
  save?: string;
}

export function doctorCommand(plugins?: PluginRegistry): Command {
  const t = cliTranslator();
  return new Command('doctor')
    .description(t.t('help.doctor'))
    .option(...configOption(t))
    .option('--json', t.t('help.doctor.json'))
    .option('--live', t.t('help.doctor.live'))
    .option('--save <file>', t.t('help.doctor.save'))
    .action(async (options: DoctorOptions) => {
      if (options.save !== undefined && !options.live) {
        throw new AppError('bad_argument', t.t('cli.doctor.save_needs_live'));
      }
      if (options.live) {
        const { runDoctorLiveCommand } = await import('./doctor-live.js');
        await runDoctorLiveCommand(options, plugins);
        return;
      }
      const { runDoctor } = await import('../doctor/index.js');
      await withContext(
        options,
        plugins,
        async (ctx, out) => {
          const source = options.config ?? process.env.PRESSBRIDGE_CONFIG ?? 'config';
          const checks = await runDoctor(ctx, source, (check) => {
            if (!out.json) out.check(check);
          });
          printSummary(out, checks);
          if (checks.some((c) => c.status === 'fail')) process.exitCode = 1;
        },
        // Its Redis line says it, and the checks that need no Redis still run.
        { ownRedisRequired: false },
      );
    });
}

/** All checks as JSON, or after the lines one that counts the failures and warnings. */
function printSummary(out: Output, checks: readonly Check[]): void {
  if (out.json) {
    out.data(checks);
    return;
  }
  const { t } = out;
  const failed = checks.filter((c) => c.status === 'fail').length;
  const warned = checks.filter((c) => c.status === 'warn').length;
  out.line();
  out.line(
    failed > 0
      ? out.paint(t.t('cli.doctor.failed', { failed, warned }), 'red')
      : out.paint(t.t(warned ? 'cli.doctor.passed_warned' : 'cli.doctor.passed', { warned }), 'green'),
  );
}
