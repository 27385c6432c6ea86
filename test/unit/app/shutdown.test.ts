import { describe, expect, it } from 'vitest';
import { createServiceList } from '../../../src/app/shutdown.js';

function recorder() {
  const events: string[] = [];
  const warnings: unknown[] = [];
  const log = { warn: (fields: unknown) => warnings.push(fields) };
  const service = (name: string, failStop = false) => ({
    start: () => events.push(`start ${name}`),
    stop: async () => {
      events.push(`stop ${name}`);
      if (failStop) throw new Error(`${name} would not stop`);
    },
  });
  return { events, warnings, log, service };
}

describe('src/app/shutdown: createServiceList', () => {
  it('starts in the order added and stops in the reverse order, skipping services this process does not run', async () => {
    const { events, log, service } = recorder();
    const services = createServiceList(log);
    services.add('redis', service('redis'));
    services.add('watcher', undefined);
    services.add('worker', service('worker'));
    services.add('webhook', { stop: async () => events.push('stop webhook') });

    services.startAll();
    await services.stopAll();

    expect(events).toEqual(['start redis', 'start worker', 'stop webhook', 'stop worker', 'stop redis']);
  });

  it('stops the rest when one fails, logs it by name, and stops once however often asked', async () => {
    const { events, warnings, log, service } = recorder();
    const services = createServiceList(log);
    services.add('redis', service('redis'));
    services.add('worker', service('worker', true));

    await Promise.all([services.stopAll(), services.stopAll()]);
    await services.stopAll();

    expect(events).toEqual(['stop worker', 'stop redis']);
    expect(warnings).toEqual([{ service: 'worker', err: 'worker would not stop' }]);
  });
});
