/**
 * `npm run size`: the JavaScript a first visit downloads, per public page, gzipped, against
 * the 100 KB budget of issue 10; and every dashboard screen must be its own lazy chunk.
 *
 * Reads the web build's Vite manifest (apps/web/dist, or `--dir DIR`); `--build` (or no
 * build with a manifest) builds into .builds/size first, leaving the shared dist alone.
 * A page's JavaScript is the entry chunk of index.html plus its route's chunk, each with
 * every chunk they import statically (what the modulepreload links and Vite's preload
 * helper fetch). Sizes are gzip level 9, the .gz copies the server sends (brotli, which
 * Chromium takes, is smaller still and printed too). Writes the rows to bench/results.json
 * (merged by name) and exits 1 when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { machine, mergeResults, printTable, row, type ResultRow } from './lib/results';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = resolve(import.meta.dirname, '..');
const BUDGET_BYTES = 100_000; // "100 KB gzipped", counted in kB (1000 bytes) like Vite's report
/** The route module each public page renders (apps/web/src/app/router.tsx). */
const PAGES: Record<string, string> = {
  '/': 'src/features/landing/routes/landing.tsx',
  '/login': 'src/features/auth/routes/login.tsx',
};

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function webDir(): string {
  const given = argValue('--dir');
  if (given) return resolve(given);
  const shared = join(root, 'apps/web/dist');
  if (!process.argv.includes('--build') && existsSync(join(shared, '.vite/manifest.json'))) return shared;
  const isolated = join(root, '.builds/size/web');
  console.log(`Building the web app into ${isolated} ...`);
  execFileSync('npx', ['vite', 'build', '--outDir', isolated, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/web'),
    stdio: 'inherit',
  });
  return isolated;
}

/** The chunk's file and the files of every chunk it imports statically, recursively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed? Update bench/size.ts.`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function sizes(dir: string, files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
}

/** The screens of apps/web/src/app/dashboard-pages.ts, as manifest keys. */
function dashboardScreens(manifest: Manifest): string[] {
  const source = readFileSync(join(root, 'apps/web/src/app/dashboard-pages.ts'), 'utf8');
  const specifiers = [...source.matchAll(/import\('@\/([^']+)'\)/g)].map((match) => `src/${match[1]}`);
  if (specifiers.length === 0) throw new Error('No screens found in dashboard-pages.ts.');
  return specifiers.map((base) => [`${base}.tsx`, `${base}.ts`].find((key) => manifest[key]) ?? `${base}.tsx`);
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function main() {
  const dir = webDir();
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = staticClosure(manifest, 'index.html');
  const rows: ResultRow[] = [];

  console.log('\nFirst-visit JavaScript per page (kB = 1000 bytes):');
  for (const [page, routeModule] of Object.entries(PAGES)) {
    const files = staticClosure(manifest, routeModule, new Set(entry));
    const { raw, gzip, brotli } = sizes(dir, [...files].filter((file) => file.endsWith('.js')));
    console.log(`  ${page.padEnd(7)} ${kB(gzip)} kB gzip, ${kB(brotli)} kB brotli, ${kB(raw)} kB raw, ${files.size} files`);
    const name = page === '/' ? 'bundle-landing' : `bundle-${page.slice(1)}`;
    rows.push(row(name, gzip / 1000, BUDGET_BYTES / 1000, { max: 1 }, 'kB gzip', `first visit to ${page}: ${files.size} JS files, ${kB(brotli)} kB brotli`));
  }

  // Every dashboard screen a lazy chunk of its own, never part of the first visit's code.
  const screens = dashboardScreens(manifest);
  const eager = screens.filter((key) => !manifest[key]?.isDynamicEntry || entry.has(manifest[key]!.file));
  for (const key of eager) console.log(`  not a lazy chunk: ${key}`);
  rows.push(row('lazy-screens', screens.length - eager.length, screens.length, { min: 1 }, 'screens', 'dashboard screens that are lazy route chunks'));

  console.log('');
  printTable(rows);
  if (!process.argv.includes('--no-write')) mergeResults(join(root, 'bench/results.json'), rows, machine());
  if (rows.some((entry) => !entry.pass)) {
    console.error('\nA bundle budget is missed.');
    process.exit(1);
  }
}

main();
