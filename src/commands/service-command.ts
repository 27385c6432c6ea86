/** `pressbridge service install`: what it runs (src/commands/service.ts) is loaded when it runs. */
import { Command } from 'commander';
import { cliTranslator } from './language.js';

export function serviceCommand(): Command {
  const t = cliTranslator();
  const service = new Command('service').description(t.t('help.service'));
  service
    .command('install')
    .description(t.t('help.service.install'))
    .option('--root <dir>', t.t('help.service.root'), '/')
    .option('--user <name>', t.t('help.service.user'), 'pressbridge')
    .option('--use-machine-redis', t.t('help.service.use_machine_redis'))
    .action(async (options: { root: string; user: string; useMachineRedis?: boolean }) => {
      const { runServiceInstall } = await import('./service.js');
      await runServiceInstall(options);
    });
  return service;
}
