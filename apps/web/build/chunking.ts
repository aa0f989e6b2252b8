import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

const LUCIDE_BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const TANSTACK = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

/** Icon name → module id, read from lucide-react's barrel (`export { default as Clock, … } from './icons/clock.mjs'`). */
function lucideIcons(barrelId: string): Map<string, string> {
  const icons = new Map<string, string>();
  const source = readFileSync(barrelId, 'utf8');
  for (const [, names, file] of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g)) {
    const id = join(dirname(barrelId), file!);
    for (const name of names!.matchAll(/default as (\w+)/g)) icons.set(name[1]!, id);
  }
  return icons;
}

/**
 * The modules `roots` import statically, directly or not. Imports from lucide-react's barrel
 * count as imports of the named icons only (the barrel re-exports all ~1,700 of them).
 */
function staticClosure(roots: string[], ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  let icons: Map<string, string> | undefined;
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      if (!LUCIDE_BARREL.test(imported)) {
        stack.push(imported);
        continue;
      }
      icons ??= lucideIcons(imported);
      for (const [, names] of (info?.code ?? '').matchAll(LUCIDE_IMPORT)) {
        for (const name of names!.split(',')) {
          const icon = icons.get(name.trim().split(/\s+as\s+/)[0]!);
          if (icon) stack.push(icon);
        }
      }
    }
  }
  return seen;
}

/**
 * Chunk groups. Left to itself the bundler makes a chunk of every set of modules shared by the
 * same screens: the overview needed ~80 files (each icon its own chunk), i.e. dozens of round
 * trips on a phone over HTTP/1.1. Instead:
 * - `index`: the first visit's modules (the entry's static graph) in one file;
 * - `dashboard`: what the dashboard layout, the screens' table and the query cache load
 *   (always fetched together, before any screen), plus the whole query library;
 * - `overview`: what the Panel Principal (the dashboard's home, the first screen after sign-in)
 *   imports beyond those, in one file. Screens sharing a module with it import that chunk, which
 *   the home screen has almost always cached already.
 * The landing and login pages' modules are never captured, so their first visit loads no
 * dashboard code, nor are the access-link page's (inspectors have no dashboard cache); screens and layouts loaded with import() keep a chunk (and a manifest entry)
 * of their own. The sets are closed under static imports (less the first visit's modules, which
 * always run first), so no chunk cycle can arise.
 */
export function chunkGroups(): CodeSplittingGroup[] {
  let sets: { dashboard: Set<string>; overview: Set<string> } | undefined;
  const setsFor = (ctx: ChunkingContext) => {
    if (sets) return sets;
    const publicPages = staticClosure([src('main.tsx'), src('features/landing/routes/landing.tsx'), src('features/auth/routes/login.tsx')], ctx);
    const without = (set: Set<string>, ...others: Set<string>[]) =>
      new Set([...set].filter((module) => !others.some((other) => other.has(module))));
    const shell = staticClosure([src('app/dashboard-layout.tsx'), src('app/dashboard-pages.ts'), src('lib/query-provider.tsx')], ctx);
    const dashboard = without(shell, publicPages);
    // The access-link page (inspectors, no session) keeps its own small chunks: none of the overview.
    const publicAccess = staticClosure([src('features/access-links/routes/public-access.tsx')], ctx);
    const overview = without(staticClosure([src('features/overview/routes/overview.tsx')], ctx), publicPages, dashboard, publicAccess);
    sets = { dashboard, overview };
    return sets;
  };
  const ownChunk = (id: string, ctx: ChunkingContext) => (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
  return [
    { name: 'index', tags: ['$initial'], priority: 3 },
    {
      name: (id, ctx) => (!ownChunk(id, ctx) && (setsFor(ctx).dashboard.has(id) || TANSTACK.test(id)) ? 'dashboard' : null),
      debugName: 'dashboard',
      priority: 2,
      includeDependenciesRecursively: false,
    },
    {
      name: (id, ctx) => (!ownChunk(id, ctx) && setsFor(ctx).overview.has(id) ? 'overview' : null),
      debugName: 'overview',
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}
