import { readFileSync } from 'node:fs';

// Read once at start-up; works from src/ (tsx) and dist/src/ (compiled).
function readVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'pressbridge' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate
    }
  }
  return '0.0.0';
}

export const VERSION = readVersion();
export const USER_AGENT = `pressbridge/${VERSION}`;
