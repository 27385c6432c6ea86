/**
 * `pressbridge doctor`: the local checks (config, Redis, the API key, every blog target, the webhook) with a fix
 * for each failure (doctor-run.ts). `pressbridge doctor --live` checks the marketplace assumptions against the real
 * service instead (doctor-live.ts). Both are loaded when the command runs.
 */
import { Command } from 'commander';
import { AppError } from '../errors.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { type CommonOptions, configOption, withContext } from './context.js';
import { cliTranslator } from './language.js';

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
      const { runDoctor } = await import('./doctor-run.js');
      await withContext(
        options,
        plugins,
        async (ctx, out) => {
          const checks = await runDoctor(
            ctx,
            out,
            options.config ?? process.env.PRESSBRIDGE_CONFIG ?? 'config',
          );
          if (checks.some((c) => c.status === 'fail')) process.exitCode = 1;
        },
        // Its Redis line says it, and the checks that need no Redis still run.
        { ownRedisRequired: false },
      );
    });
}
