import type { Config } from '../config/schema.js';

const SECRET_OPTION = /password|secret|token|apikey|api_key/i;

/** Every secret value the config holds (marketplace, webhook, status page, and blog options such as tokens). */
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
  return found.filter((s) => s.length > 0);
}
