import type { Config } from '../config/schema.js';

const SECRET_OPTION = /password|secret|token|apikey|api_key/i;

/**
 * Every secret value the config holds (marketplace, webhook, status page, blog options such as tokens, and the
 * notification channels' passwords, tokens and webhook URLs).
 */
export function configSecrets(config: Readonly<Config>): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (SECRET_OPTION.test(key)) found.push(value);
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v, key);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(config.marketplace.apiKey, 'apiKey');
  walk(config.webhook, 'webhook');
  walk(config.status.password, 'password');
  for (const blog of config.blogs) walk(blog.options, 'options');
  // Notification channels: passwords and tokens by name; a webhook's URL (Slack's and Discord's hold their
  // token) and its header values whatever their names.
  for (const channel of config.notify.channels) {
    walk(channel, 'channel');
    if (channel.type === 'webhook') found.push(channel.url, ...Object.values(channel.headers ?? {}));
  }
  return found.filter((s) => s.length > 0);
}
