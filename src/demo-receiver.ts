/**
 * The demo's notification receiver: a local HTTP server that the demo's `webhook` channel posts to, printing
 * each notification as one line (time, title, the body's first line), so a new user sees what pressbridge
 * would send to their phone or mailbox without configuring anything.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Translator } from './i18n/index.js';

export interface PrintingReceiver {
  /** Where the demo's webhook channel posts. */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;

function timeOf(iso: unknown): string {
  const date = typeof iso === 'string' ? new Date(iso) : new Date();
  return (Number.isNaN(date.getTime()) ? new Date() : date).toTimeString().slice(0, 8);
}

/** One or two lines for the terminal from the webhook channel's JSON body. */
export function describeNotification(payload: Record<string, unknown>, { t }: Translator): string {
  const title = typeof payload.title === 'string' ? payload.title : t('demo.no_title');
  const body = typeof payload.body === 'string' ? (payload.body.split('\n')[0] ?? '') : '';
  const urgent = payload.urgent === true ? ' [!]' : '';
  const line = t('demo.notification', { time: timeOf(payload.createdAt), urgent, title });
  return `${line}${body ? `\n    ${body}` : ''}`;
}

export async function startPrintingReceiver(
  write: (line: string) => void,
  t: Translator,
): Promise<PrintingReceiver> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        write(describeNotification(payload, t));
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/notifications`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
