/**
 * The blogger's rules as the running daemon sees them: read again from the config file whenever it changed (one
 * `stat` a call, src/file-version.ts), so rules saved on the status page's Rules page (or edited by hand) take
 * effect without a restart. When the file cannot be read or its rules do not validate, the rules loaded at start
 * stand, and the log says so once per version of the file.
 *
 * Use: the composition root builds one reader per process and hands it to whoever judges
 * (`rulesVerdict(readRules(blogId), subject)`, src/rules/verdict.ts):
 *
 *     const readRules = createRulesReader({ configPath, blogs: config.blogs, log });
 *
 * `configPath` is the file the daemon was started with (`DaemonOptions.configPath`: `--config`,
 * `PRESSBRIDGE_CONFIG` or the installation's pressbridge.yaml, src/config/paths.ts `findConfigPath`); without
 * one (a config given as data, the demo) the reader answers the rules loaded at start.
 */
import { onFileChange } from '../file-version.js';
import type { Logger } from '../logger.js';
import { readFileRules } from './config-file.js';
import type { BlogRules } from './settings.js';

export type RulesReader = (blogId: number) => BlogRules | undefined;

export interface RulesReaderOptions {
  configPath: string | undefined;
  /** The config loaded at start (`config.blogs`): the fallback. */
  blogs: ReadonlyArray<{ id: number; rules?: BlogRules | undefined }>;
  log: Pick<Logger, 'warn' | 'info'>;
}

export function createRulesReader(options: RulesReaderOptions): RulesReader {
  const loaded = new Map(options.blogs.map((b) => [b.id, b.rules]));
  const { configPath, log } = options;
  if (configPath === undefined) return (blogId) => loaded.get(blogId);
  let first = true;
  const current = onFileChange(configPath, () => {
    const read = readFileRules(configPath);
    const was = first;
    first = false;
    if (read.ok) {
      if (!was) log.info({ file: configPath }, 'rules: read again from the changed config file');
      return read.rules;
    }
    log.warn(
      { file: configPath, why: read.why },
      'rules: the config file cannot be read or its rules do not validate; the rules loaded at start stand',
    );
    return loaded;
  });
  // A blog the file no longer lists keeps the rules it started with.
  return (blogId) => {
    const rules = current();
    return rules.has(blogId) ? rules.get(blogId) : loaded.get(blogId);
  };
}
