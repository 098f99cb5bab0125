// The page's rooms (docs/architecture.md), as an ESLint rule: `rooms/layers`. web/src holds
//   app/        the shell: the layout, the header, the workspaces and what loads on demand —
//               it puts the domains together, so only it (and main.tsx) may import it;
//   shared/     primitives the domains import: it imports no domain and not app/, only what
//               lies below it (BELOW);
//   sim/ store/ export/ links/ wasm/ styles/   what every room may use;
//   every other folder is a domain (buffer/, library/, io/ …, and any new one): it may import
//   the rooms below and other domains, never app/.
// A relative import is resolved against the importing file; imports from outside web/src
// (packages, ../../scenarios, web/dev) are not rooms and pass.
import path from 'node:path';

/** What shared/ may import besides itself. */
const BELOW = new Set(['sim', 'store', 'export', 'links', 'wasm', 'styles']);

/** The room of a path inside web/src ('' for a file at its root), or null outside it. */
function roomOf(file) {
  const posix = file.split(path.sep).join('/');
  const i = posix.lastIndexOf('/web/src/');
  if (i < 0) return null;
  const rest = posix.slice(i + '/web/src/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '';
}

/** Why `from` may not import `to`, or null when it may. */
export function refusal(from, to) {
  if (to === 'app' && from !== 'app' && from !== '')
    return 'only app/ (and main.tsx) import app/: it is the shell over the domains';
  if (from === 'shared' && to !== 'shared' && to !== '' && !BELOW.has(to))
    return `shared/ holds primitives the domains import, so it imports no domain (${to}/) and not app/`;
  return null;
}

const layers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "web/src's rooms point one way: shared/ imports no domain nor app/; only app/ imports app/",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = roomOf(file);
    if (from === null) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = roomOf(path.resolve(path.dirname(file), source.value));
      if (to === null) return;
      const why = refusal(from, to);
      if (why) context.report({ node: source, message: `${source.value}: ${why}` });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source),
      ExportNamedDeclaration: (n) => check(n, n.source),
      ExportAllDeclaration: (n) => check(n, n.source),
      ImportExpression: (n) => check(n, n.source.type === 'Literal' ? n.source : null),
    };
  },
};

export default { rules: { layers } };
