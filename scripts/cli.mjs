// `npm run -s sim|paper|lecture|sweep|sql|mrc -- …`: runs scripts/<name>.ts as one JavaScript file
// bundled by esbuild, with plain Node (issue 30 #2). Under tsx every run paid about 0.35 s of CPU
// before its first line, mostly tsx compiling TypeScript on its loader thread; a bundle is made
// once (about 0.2 s), kept in node_modules/.cache/cachesim-cli/, and made again only when one
// of the files it was made from, or the lock file, is newer than it.
//
// The bundle behaves as the TypeScript did under tsx:
// - Packages stay outside it (`packages: 'external'`): Node loads them from node_modules as
//   before, from the bundle's place inside node_modules/.cache.
// - Each module keeps its own `import.meta.url`, the URL of its .ts file: the scripts find the
//   repository, the scenarios and the wasm from it, and the sweep's and SQL console's threads
//   load their .ts entry points through tsx (web/src/shared/nodeThread.ts) as before.
//
//   node scripts/cli.mjs <name> [args…]
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureWasm, root } from './ensure-wasm.mjs';

const NAMES = ['sim', 'paper', 'lecture', 'sweep', 'sql', 'mrc'];
const [name, ...rest] = process.argv.slice(2);
if (!NAMES.includes(name)) {
  console.error(`usage: node scripts/cli.mjs ${NAMES.join('|')} [args…]`);
  process.exit(2);
}
ensureWasm();

const dir = join(root, 'node_modules', '.cache', 'cachesim-cli');
const bundle = join(dir, `${name}.mjs`);
const inputsFile = join(dir, `${name}.inputs.json`);

/** Whether the bundle is older than a file it was made from (or than the lock file, or this). */
function stale() {
  let made;
  let inputs;
  try {
    made = statSync(bundle).mtimeMs;
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  const own = ['package-lock.json', 'scripts/cli.mjs', 'scripts/ensure-wasm.mjs'];
  return [...inputs, ...own].some((p) => {
    try {
      return statSync(join(root, p)).mtimeMs > made;
    } catch {
      return true; // a file it was made from is gone
    }
  });
}

async function build() {
  const esbuild = await import('esbuild');
  /** `import.meta.url` in a module is its own file's URL, as when tsx runs it. */
  const ownUrl = {
    name: 'own-import-meta-url',
    setup(b) {
      // packages are left outside the bundle, so only the repository's own files come here
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const url = JSON.stringify(pathToFileURL(args.path).href);
        const [, ts, x] = /\.[cm]?(t|j)s(x?)$/.exec(args.path);
        const loader = `${ts === 't' ? 'ts' : 'js'}${x}`;
        return { contents: text.replaceAll('import.meta.url', url), loader };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [join(root, 'scripts', `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    // every file's own URL as it is on disk, so that its modules resolve their packages from the
    // repository's node_modules
    absWorkingDir: root,
    outfile: bundle,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [ownUrl],
  });
  mkdirSync(dir, { recursive: true });
  // written aside and renamed: two runs at once never read half a bundle
  const part = `${bundle}.${process.pid}.part`;
  writeFileSync(part, result.outputFiles[0].contents);
  writeFileSync(
    `${inputsFile}.${process.pid}.part`,
    JSON.stringify(Object.keys(result.metafile.inputs)),
  );
  renameSync(`${inputsFile}.${process.pid}.part`, inputsFile);
  renameSync(part, bundle);
}

if (stale()) {
  try {
    await build();
  } catch (e) {
    console.error(
      `cli: could not bundle scripts/${name}.ts: ${e instanceof Error ? e.message : e}`,
    );
    process.exit(1);
  }
}
// the script reads its arguments where it did under tsx: process.argv.slice(2)
process.argv = [process.argv[0], join(root, 'scripts', `${name}.ts`), ...rest];
await import(pathToFileURL(bundle).href);
