/** The machine and the versions a result depends on, for RESULTS.md. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { wordpressCoreDir } from '../../test/helpers/wordpress-version.js';
import { ROOT } from './child.js';

const execFileAsync = promisify(execFile);

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  kernel: string;
  node: string;
  redis: string;
  wordpress: string;
  php: string;
  mariadb: string;
  libvips: string;
  packages: Record<string, string>;
}

async function run(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(cmd, args, { timeout: 10_000 });
    return stdout.trim();
  } catch {
    return 'not found';
  }
}

function packageVersion(name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '?';
  } catch {
    return 'not installed';
  }
}

export async function machineInfo(redis: Redis): Promise<MachineInfo> {
  const info = await redis.info('server');
  const wpVersion = (() => {
    try {
      // The version the bench's sites serve (PRESSBRIDGE_WP selects it, as for the tests).
      const text = readFileSync(`${wordpressCoreDir()}/wp-includes/version.php`, 'utf8');
      return /\$wp_version\s*=\s*'([^']+)'/.exec(text)?.[1] ?? '?';
    } catch {
      return 'not installed';
    }
  })();
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? '?',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    kernel: release(),
    node: process.version,
    redis: /redis_version:(\S+)/.exec(info)?.[1] ?? '?',
    wordpress: wpVersion,
    php: (await run('php', ['-r', 'echo PHP_VERSION;'])) || '?',
    mariadb: (await run('mysql', ['-N', '-e', 'select version()'])) || '?',
    libvips: sharp.versions.vips,
    packages: Object.fromEntries(
      ['bullmq', 'ioredis', 'express', 'sharp', 'autocannon', '@wordpress/api-fetch'].map((n) => [
        n,
        packageVersion(n),
      ]),
    ),
  };
}
