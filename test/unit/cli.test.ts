/**
 * src/cli: a listener whose port is taken stops the command with one sentence in the blogger's language that
 * names the listener and the three ways to choose another port (issue 28, item 2).
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli.js';
import { ListenError } from '../../src/errors.js';
import { listenAs } from '../../src/http-limits.js';
import { createTranslator } from '../../src/i18n/index.js';

async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('src/cli describeFailure', () => {
  it('a taken port: the listener and its flag, variable and setup, in Czech and in English', async () => {
    const held = await holdPort();
    let error: unknown;
    try {
      await listenAs('webhook', () => {}, '127.0.0.1', held.port);
    } catch (caught) {
      error = caught;
    } finally {
      held.server.close();
    }
    expect(error).toBeInstanceOf(ListenError);
    expect((error as ListenError).code).toBe('port_in_use');

    const en = describeFailure(error, createTranslator('en'));
    expect(en).toMatch(
      new RegExp(`^Error: 127\\.0\\.0\\.1:${held.port} \\(the webhook listener\\) is already in use`),
    );
    for (const way of [
      'pressbridge start --webhook-port <port>',
      'PRESSBRIDGE_WEBHOOK_PORT=<port>',
      'pressbridge setup --webhook-port',
      'webhook.listen.port',
    ])
      expect(en).toContain(way);

    const cs = describeFailure(error, createTranslator('cs'));
    expect(cs).toMatch(
      new RegExp(`^Chyba: 127\\.0\\.0\\.1:${held.port} \\(příjem webhooků\\) už je obsazená`),
    );
    for (const way of [
      'pressbridge start --webhook-port <port>',
      'PRESSBRIDGE_WEBHOOK_PORT=<port>',
      'webhook.listen.port',
    ])
      expect(cs).toContain(way);
  });

  it("the status page's port names its own flag and variable", () => {
    const cause = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    const error = new ListenError({ listener: 'status', address: '127.0.0.1', port: 8081, cause });
    const en = describeFailure(error, createTranslator('en'));
    expect(en).toContain('127.0.0.1:8081 (the status page) is already in use');
    expect(en).toContain('--status-port');
    expect(en).toContain('PRESSBRIDGE_STATUS_PORT');
    expect(en).not.toContain('webhook');
  });

  it('a port below 1024 without the permission: the same three ways', () => {
    const cause = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    const error = new ListenError({ listener: 'webhook', address: '0.0.0.0', port: 80, cause });
    expect(error.code).toBe('port_not_allowed');
    const cs = describeFailure(error, createTranslator('cs'));
    expect(cs).toContain('na 0.0.0.0:80 (příjem webhooků) není dovoleno naslouchat');
    expect(cs).toContain('PRESSBRIDGE_WEBHOOK_PORT');
  });
});
