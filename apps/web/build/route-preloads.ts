import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * What the server adds to index.html as `<link rel="modulepreload">` for each kind of page
 * (apps/api/src/plugins/spa.ts), written to `.vite/route-preloads.json` (a dot folder: never
 * served). Without it a dashboard screen's code arrives in a chain: the entry, then the layout
 * and the screens' table, then the screen, then its data; with it the browser fetches every
 * chunk of the page in parallel with the entry.
 *
 * Each list is the static closure of the page's route chunks, less the entry's own (index.html
 * has those already). The route modules mirror src/app/router.tsx and src/app/dashboard-pages.ts.
 */
export interface RoutePreloads {
  /** `/` and `/login`. */
  landing: string[];
  login: string[];
  /** An access link (`/acceso/:token`). */
  publicAccess: string[];
  /** Every `/dashboard/*` page: layout, screens' table, query cache. */
  dashboard: string[];
  /** Each dashboard screen by route name (`/dashboard/<name>`), beyond `dashboard`. */
  screens: Record<string, string[]>;
}

const srcDir = fileURLToPath(new URL('../src/', import.meta.url));

/** The screens of dashboard-pages.ts: route name → module path under src (no extension). */
function dashboardScreens(): Map<string, string> {
  const source = readFileSync(`${srcDir}app/dashboard-pages.ts`, 'utf8');
  const screens = new Map<string, string>();
  for (const [, name, path] of source.matchAll(/['"]?([\w-]+)['"]?\s*:\s*\(\)\s*=>\s*import\('@\/([^']+)'\)/g)) screens.set(name!, path!);
  if (screens.size === 0) throw new Error('route-preloads: no screens found in src/app/dashboard-pages.ts.');
  return screens;
}

export function routePreloads(): Plugin {
  return {
    name: 'jornada-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[], into = new Set<string>()): Set<string> => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const chunkOf = (path: string): string => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replace(/\.tsx?$/, '') === srcDir + path);
        if (!chunk) throw new Error(`route-preloads: no chunk for src/${path}; was it renamed?`);
        return chunk.fileName;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const beyond = (base: Set<string>, files: string[]) => [...closure(files)].filter((file) => !base.has(file)).map((file) => `/${file}`);

      const shell = [chunkOf('app/dashboard-layout'), chunkOf('app/dashboard-pages'), chunkOf('lib/query-provider')];
      const dashboardFiles = closure(shell, new Set(entry));
      const screens: Record<string, string[]> = {};
      for (const [name, path] of dashboardScreens()) screens[name] = beyond(dashboardFiles, [chunkOf(path)]);
      const preloads: RoutePreloads = {
        landing: beyond(entry, [chunkOf('features/landing/routes/landing')]),
        login: beyond(entry, [chunkOf('features/auth/routes/login')]),
        publicAccess: beyond(entry, [chunkOf('features/access-links/routes/public-access'), chunkOf('lib/query-provider')]),
        dashboard: beyond(entry, shell),
        screens,
      };
      this.emitFile({ type: 'asset', fileName: '.vite/route-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
