// A tiny static server for dist/ under a sub path (like GitHub Pages' /repo/), to prove the built
// site uses only relative URLs; it gzips text and wasm as such a host does, so that a throttled
// first load (e2e/first-screen.spec.ts) sends what a real visitor would receive.
// Usage: node e2e/serve-subpath.mjs [--port 4174] [--base /repo/] [--dist dist/]
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4174' },
    base: { type: 'string', default: '/repo/' },
    // another build's folder (scripts/bench-wait.ts builds into a temporary one)
    dist: { type: 'string' },
  },
});
const port = Number(values.port);
const base = values.base.endsWith('/') ? values.base : `${values.base}/`;
const distDir = values.dist
  ? join(resolve(values.dist), sep)
  : fileURLToPath(new URL('../dist/', import.meta.url));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** What a static host gzips (GitHub Pages: text, JSON, SVG and wasm), once per file. */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.svg', '.txt']);
const cache = new Map();
async function gzipped(file) {
  let body = cache.get(file);
  if (!body) {
    body = gzipSync(await readFile(file), { level: 6 });
    cache.set(file, body);
  }
  return body;
}

async function resolveFile(urlPath) {
  try {
    const rel = normalize(decodeURIComponent(urlPath.slice(base.length)) || 'index.html');
    const file = join(distDir, rel);
    if (!file.startsWith(distDir) || rel.split(sep).includes('..')) return null;
    const info = await stat(file);
    if (info.isDirectory()) return resolveFile(`${urlPath.replace(/\/?$/, '/')}index.html`);
    return info.isFile() ? file : null;
  } catch {
    return null;
  }
}

createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (`${path}/` === base) {
    res.writeHead(301, { location: base }).end();
    return;
  }
  const file = path.startsWith(base) ? await resolveFile(path) : null;
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}\n`);
    return;
  }
  const type = types[extname(file)] ?? 'application/octet-stream';
  if (COMPRESSED.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    const body = await gzipped(file);
    res.writeHead(200, {
      'content-type': type,
      'content-encoding': 'gzip',
      vary: 'accept-encoding',
    });
    res.end(body);
    return;
  }
  res.writeHead(200, { 'content-type': type });
  createReadStream(file).pipe(res);
}).listen(port, 'localhost', () => {
  console.log(`serving ${distDir} at http://localhost:${port}${base}`);
});
