import { join } from 'node:path';
import { writeSecretFile } from '../../src/webhook/secret-file.js';

/** Writes the webhook secret file as `pressbridge webhook register` does (the daemon watches it); its path. */
export function writeSecret(dataDir: string, secret: string): string {
  const path = join(dataDir, 'webhook-secret.json');
  writeSecretFile(path, { secret, updatedAt: new Date().toISOString() });
  return path;
}
