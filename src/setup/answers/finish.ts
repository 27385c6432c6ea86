/**
 * Step h, the finish: agent publishing per blog, and the status page's password where the page is reachable
 * beyond loopback (the setup's own address on the page; `--status-host` in the terminal).
 */
import { z } from 'zod';
import { LISTENERS } from '../../config/listeners.js';
import { isLoopbackHost } from '../../status/hosts.js';
import { setupRule } from './read.js';

/** As hard to guess as the printed setup token is at least. */
const MIN_PASSWORD_LENGTH = 12;

export const StatusPassword = z
  .string({ error: setupRule('setup.rule.password_short') })
  .min(MIN_PASSWORD_LENGTH, { error: setupRule('setup.rule.password_short') });

/** Where the status page listens when nobody said. */
export const STATUS_LISTEN = { host: LISTENERS.status.defaultHost, port: LISTENERS.status.defaultPort };

export function needsStatusPassword(host: string): boolean {
  return !isLoopbackHost(host);
}
