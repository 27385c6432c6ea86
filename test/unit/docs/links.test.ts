import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link of the documents a reader follows (README.md, docs/**, the plugins' READMEs) reaches a
 * file, every #anchor a heading of that file (GitHub's slugs), no link leaves for ../shared (not shipped to
 * users), and every code fence is closed (an open one swallows the rest of the page on GitHub).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const DOCUMENTS = [
  join(ROOT, 'README.md'),
  ...markdownFiles(join(ROOT, 'docs')),
  ...readdirSync(join(ROOT, 'plugins'))
    .map((name) => join(ROOT, 'plugins', name, 'README.md'))
    .filter((path) => existsSync(path)),
];

/** The lines outside fenced code blocks (with their line numbers), and whether every fence was closed. */
function prose(text: string): { lines: Array<{ text: string; n: number }>; fencesClosed: boolean } {
  const lines: Array<{ text: string; n: number }> = [];
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ text: line, n: index + 1 });
  });
  return { lines, fencesClosed: fence === undefined };
}

/** GitHub's heading anchor: lower case, punctuation dropped (not - or _), spaces to -, repeats numbered. */
function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of prose(text).lines) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const plain = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Inline links `[text](target)` outside code, with their line numbers. */
function links(text: string): Array<{ target: string; line: number }> {
  const found: Array<{ target: string; line: number }> = [];
  for (const { text: line, n } of prose(text).lines) {
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      if (match[1] !== undefined) found.push({ target: match[1], line: n });
  }
  return found;
}

function problems(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const name = relative(ROOT, file);
  const out: string[] = [];
  if (!prose(text).fencesClosed) out.push(`${name}: a code fence is never closed`);
  for (const { target, line } of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const where = `${name}:${line}: ${target}`;
    const [path = '', anchor] = target.split('#', 2);
    const resolved = path === '' ? file : resolve(dirname(file), decodeURI(path));
    if (relative(ROOT, resolved).startsWith('..') || /(^|\/)shared\//.test(path)) {
      out.push(`${where} leaves the repository (readers do not have ../shared)`);
      continue;
    }
    if (!existsSync(resolved)) {
      out.push(`${where}: no such file`);
      continue;
    }
    if (anchor !== undefined && anchor !== '') {
      if (!resolved.endsWith('.md')) out.push(`${where}: an anchor into a file that is not Markdown`);
      else if (!headingSlugs(readFileSync(resolved, 'utf8')).has(anchor))
        out.push(`${where}: no heading with that anchor in ${relative(ROOT, resolved)}`);
    }
  }
  return out;
}

describe('docs links', () => {
  it('finds the documents: README.md, docs/ and the plugins READMEs', () => {
    const names = DOCUMENTS.map((file) => relative(ROOT, file));
    expect(names).toContain('README.md');
    expect(names).toContain('docs/architecture.md');
    expect(names).toContain('plugins/wordpress/README.md');
  });

  it.each(DOCUMENTS.map((file) => [relative(ROOT, file), file]))(
    '%s: every relative link resolves',
    (_, file) => {
      expect(problems(file)).toEqual([]);
    },
  );

  it('slugs headings as GitHub does', () => {
    const slugs = headingSlugs(
      '# Money: Earnings\n## Publishing to a folder of files (the `static` publisher)\n```\n# not a heading\n```\n## Events\n## Events\n',
    );
    expect([...slugs]).toEqual([
      'money-earnings',
      'publishing-to-a-folder-of-files-the-static-publisher',
      'events',
      'events-1',
    ]);
  });

  it('reports a missing file, a missing anchor, ../shared and an open fence', () => {
    const file = join(ROOT, 'docs', 'architecture.md');
    const broken = `[a](nope.md) [b](guarantees.md#nope) [c](../../shared/DESIGN.md) [d](#the-flow-webhook--queue--pipeline--publisher--hand-in)\n\`\`\`\nopen`;
    const text = readFileSync(file, 'utf8');
    expect(headingSlugs(text).has('the-flow-webhook--queue--pipeline--publisher--hand-in')).toBe(true);
    expect(prose(broken).fencesClosed).toBe(false);
    expect(links(broken).map((l) => l.target)).toEqual([
      'nope.md',
      'guarantees.md#nope',
      '../../shared/DESIGN.md',
      '#the-flow-webhook--queue--pipeline--publisher--hand-in',
    ]);
  });
});
