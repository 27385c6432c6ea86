import type { LiveCheck } from './doctor-live-checks.js';
import type { Output } from './output.js';

/** The human lines; the check names and details stay English, as in the --save capture they also go to. */
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
    out.line(`${label} ${c.name}: ${c.detail}`);
    for (const d of c.differences)
      out.line(`           ${d.path}: ${t.t('cli.live.found', { found: d.found, expected: d.expected })}`);
    if (c.fix && c.outcome === 'differs')
      out.line(`         ${out.paint(t.t('cli.out.fix'), 'bold')} ${c.fix}`);
  }
}
