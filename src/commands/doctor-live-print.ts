import type { LiveCheck } from './doctor-live-check.js';
import type { Output } from './output.js';

/** The human lines, in the process's language (the --save capture and `--json` keep the checks' English). */
export function printChecks(out: Output, checks: LiveCheck[]): void {
  const { t } = out;
  const labels = [t.t('cli.live.held'), t.t('cli.live.differs'), t.t('cli.live.skipped')];
  const width = Math.max(...labels.map((l) => l.length)) + 1;
  for (const c of checks) {
    const label =
      c.outcome === 'held'
        ? out.paint(t.t('cli.live.held').padEnd(width), 'green')
        : c.outcome === 'differs'
          ? out.paint(t.t('cli.live.differs').padEnd(width), 'red')
          : out.paint(t.t('cli.live.skipped').padEnd(width), 'yellow');
    const { said } = c;
    out.line(`${label} ${t.say(said.name)}: ${t.say(said.detail)}`);
    for (const d of said.differences) {
      const found = { found: t.say(d.found), expected: t.say(d.expected) };
      out.line(`           ${d.path}: ${t.t('cli.live.found', found)}`);
    }
    if (said.fix && c.outcome === 'differs')
      out.line(`         ${out.paint(t.t('cli.out.fix'), 'bold')} ${t.say(said.fix)}`);
  }
}
