// The README and the pages under docs/ (issue 38 #3, #4): the commands they tell a newcomer to
// type exist, every relative link points at a file (and a heading) that exists, the README
// stays a five-minute page that links every page, and each "docs/model.md §N" the code cites
// names a section of docs/model.md. Hermetic: nothing is run, no wasm is needed — a command is
// checked by what it names (a package.json script, a file, a binary in node_modules/.bin).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles as files, root } from './lib/repoFiles';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const scripts: Record<string, string> = JSON.parse(read('package.json')).scripts;

const PAGES = ['README.md', ...files('docs', (f) => f.endsWith('.md'))];

/** The lines of a page outside its fenced code blocks, and the blocks by their info string. */
function split(md: string): { prose: string[]; blocks: { lang: string; lines: string[] }[] } {
  const prose: string[] = [];
  const blocks: { lang: string; lines: string[] }[] = [];
  let open: { lang: string; lines: string[] } | null = null;
  for (const line of md.split('\n')) {
    const fence = /^\s*```\s*(\S*)/.exec(line);
    if (fence && !open) blocks.push((open = { lang: fence[1], lines: [] }));
    else if (fence) open = null;
    else if (open) open.lines.push(line);
    else prose.push(line);
  }
  return { prose, blocks };
}

/** The commands of a shell block: continuation lines joined, comments dropped, split at a
 * free-standing `&&`, `||`, `|` or `;` (so `direct|dense` stays one word, as the pages write
 * alternatives), each as its words (quotes respected). */
function commands(lines: string[]): string[][] {
  const joined = lines.join('\n').replace(/\\\n/g, ' ').split('\n');
  const out: string[][] = [];
  for (const line of joined) {
    let words: string[] = [];
    for (const [word] of line.matchAll(/(?:[^\s'"]+|'[^']*'|"(?:[^"\\]|\\.)*")+/g)) {
      if (word.startsWith('#')) break; // a comment, to the end of the line
      const end = ['&&', '||', '|', ';'].includes(word) || word.endsWith(';');
      const w = word.endsWith(';') ? word.slice(0, -1) : word;
      if (w !== '' && !['&&', '||', '|'].includes(w)) words.push(w);
      if (end) {
        out.push(words);
        words = [];
      }
    }
    out.push(words);
  }
  return out.filter((c) => c.length > 0);
}

/** A word that names a file of the repository (no placeholder, no option, no URL). */
const isPath = (w: string) =>
  /^(\.\/)?[\w.-]+(\/[\w.-]+)+\/?$/.test(w) && existsSync(join(root, w.split('/')[0]));

/** What is wrong with a command a page tells the reader to type; null when nothing is. */
function problem(command: string[]): string | null {
  const words = command.slice(command.findIndex((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w)));
  const [tool, sub, ...rest] = words;
  const missing = words.filter(isPath).filter((p) => !existsSync(join(root, p)));
  if (missing.length > 0) return `names ${missing.join(', ')}, which does not exist`;
  const file = (p: string | undefined) =>
    p !== undefined && existsSync(join(root, p)) ? null : `${p ?? '(nothing)'} does not exist`;
  switch (tool) {
    case 'npm': {
      if (sub === 'start' || sub === 'test') return scripts[sub] ? null : `no "${sub}" script`;
      if (sub === 'ci' || sub === 'install') return null;
      const name = rest.find((w) => !w.startsWith('-'));
      if (sub === 'run' && name !== undefined)
        return name in scripts ? null : `package.json has no script "${name}"`;
      return `npm ${sub ?? ''}: not a command this test knows`;
    }
    case 'node':
    case 'bash':
    case 'sh':
      return file([sub, ...rest].find((w) => !w.startsWith('-')));
    case 'npx':
      if (sub === 'tsx') return file(rest[0]);
      return existsSync(join(root, 'node_modules', '.bin', sub ?? ''))
        ? null
        : `npx ${sub}: no such binary in node_modules/.bin`;
    case 'cargo': {
      const after = (flag: string) => words[words.indexOf(flag) + 1];
      if (words.includes('--manifest-path') && file(after('--manifest-path')))
        return file(after('--manifest-path'));
      if (words.includes('--bin')) return file(`wasm-core/engine/src/bin/${after('--bin')}.rs`);
      if (words.includes('--test')) return file(`wasm-core/engine/tests/${after('--test')}.rs`);
      return null;
    }
    default:
      return `${tool}: not a command this test knows (teach it, or write the command differently)`;
  }
}

/** GitHub's anchor for each heading of a page (lower case, punctuation dropped, spaces to
 * hyphens, a repeated anchor numbered). */
function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of split(md).prose) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const text = h[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** The targets of a page's links and images, outside code. */
function links(md: string): string[] {
  const prose = split(md)
    .prose.join('\n')
    .replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1],
  );
}

/** What is wrong with a link from `page`; null when it leads somewhere. */
function broken(page: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto: …
  const [path, anchor] = target.split('#');
  const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
  if (!existsSync(join(root, file))) return `${target}: ${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return null;
  return anchors(read(file)).has(anchor) ? null : `${target}: ${file} has no heading #${anchor}`;
}

describe('README.md and docs/', () => {
  it('finds the pages and their commands', () => {
    // a moved README or a renamed fence would make the tests below pass on nothing
    expect(PAGES.length).toBeGreaterThan(10);
    const readme = split(read('README.md')).blocks.filter((b) => b.lang === 'sh');
    const typed = readme.flatMap((b) => commands(b.lines)).map((c) => c.join(' '));
    expect(typed).toContain('npm start');
    expect(typed).toContain('npm test');
    expect(typed.some((c) => c.startsWith('npm run -s sim --'))).toBe(true);
  });

  it.each(PAGES)('%s: every command of its shell blocks exists', (page) => {
    const shell = split(read(page)).blocks.filter((b) => /^(sh|bash|shell|console)$/.test(b.lang));
    const wrong = shell
      .flatMap((b) => commands(b.lines))
      .flatMap((c) => {
        const p = problem(c);
        return p === null ? [] : [`${c.join(' ')} — ${p}`];
      });
    expect(wrong).toEqual([]);
  });

  it.each(PAGES)('%s: every relative link leads to a file and heading that exist', (page) => {
    const wrong = links(read(page)).flatMap((t) => {
      const b = broken(page, t);
      return b === null ? [] : [b];
    });
    expect(wrong).toEqual([]);
  });

  it('the README is read in five minutes and links every page of docs/', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const linked = new Set(links(readme).map((t) => t.split('#')[0]));
    const pages = files('docs', (f) => /^docs\/[^/]+\.md$/.test(f));
    expect(pages.filter((p) => !linked.has(p))).toEqual([]);
  });

  it('each "docs/model.md §N" the code cites is a section of docs/model.md', () => {
    const sections = new Set(
      split(read('docs/model.md'))
        .prose.map((l) => /^#{2,3}\s+(\d+(?:\.\d+)?)\.?\s/.exec(l)?.[1])
        .filter((s) => s !== undefined),
    );
    const sources = [
      ...files('wasm-core', (f) => f.endsWith('.rs')),
      ...files('web/src', (f) => /\.tsx?$/.test(f)),
      ...files('scripts', (f) => /\.(ts|mjs|sh)$/.test(f)),
    ];
    const cited = sources.flatMap((f) =>
      [...read(f).matchAll(/docs\/model\.md §(\d+(?:\.\d+)?)/g)].map((m) => ({ f, s: m[1] })),
    );
    expect(cited.length).toBeGreaterThan(20);
    expect(cited.filter(({ s }) => !sections.has(s)).map(({ f, s }) => `${f}: §${s}`)).toEqual([]);
  });
});
