import type { Dispatcher, OutgoingMessage } from '../../src/notify/types.js';

/** The delivery boundary for the sources' tests: collects what the notifier hands over. */
export function collectingDispatcher(): Dispatcher & { messages: OutgoingMessage[]; closed: boolean } {
  const collected = {
    messages: [] as OutgoingMessage[],
    closed: false,
    async send(message: OutgoingMessage) {
      collected.messages.push(message);
    },
    async close() {
      collected.closed = true;
    },
  };
  return collected;
}

/** `kind key` of each message, for compact assertions. */
export function sent(messages: readonly OutgoingMessage[]): string[] {
  return messages.map((m) => `${m.kind} ${m.key}`);
}
