/** What the dispatcher needs of a channel, and the helpers the HTTP channels share. */
import { AppError } from '../../errors.js';
import { BODY_LIMITS, readBodyHeadText } from '../../http-body.js';
import { networkReason, networkReasonPhrase } from '../../network-reason.js';
import type { NotifyChannel } from '../settings.js';
import type { OutgoingMessage } from '../types.js';

export interface Channel {
  readonly name: string;
  readonly type: NotifyChannel['type'];
  /** Values that must never show in a log line, a recorded result or the page: passwords, tokens, URLs. */
  readonly secrets: readonly string[];
  /** Hands the message over; throws with a readable reason when the receiver did not take it. */
  deliver(message: OutgoingMessage, signal: AbortSignal): Promise<void>;
  close(): void;
}

export interface ChannelOptions {
  /** Per request (default 10 s). */
  timeoutMs: number;
}

/** The whole message as plain text: title, body, link. */
export function plainText(message: OutgoingMessage): string {
  return [message.title, '', message.body, ...(message.url ? ['', message.url] : [])].join('\n').trim();
}

/**
 * POSTs and throws unless the answer is 2xx; the answer's text (its first `BODY_LIMITS.channel` bytes) is
 * returned, for receivers that answer 200 with an error.
 */
export async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  signal: AbortSignal,
  options: ChannelOptions,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      redirect: 'error',
      signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
    });
  } catch (error) {
    // Its English for the log and the Notifications page; its phrase (`net.*`) for the setup and the CLI.
    const said = networkReasonPhrase(error);
    throw new AppError('channel_unreachable', networkReason(error), {
      cause: error,
      ...(typeof said === 'object' ? { phrase: said } : {}),
    });
  }
  // The answer's start is all a channel reads (Telegram's `ok`, an excerpt of a refusal); the rest is not read.
  const text = await readBodyHeadText(response, BODY_LIMITS.channel.bytes).then(
    (head) => head.text,
    () => '',
  );
  if (!response.ok) {
    const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new Error(`HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
  }
  return text;
}
