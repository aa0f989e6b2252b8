import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { defaultMessages } from '@jornada/shared/errors';
import { SESSION_COOKIE } from '../features/auth/session-policy';

/** `.vite/route-preloads.json` of the web build (apps/web/build/route-preloads.ts). */
interface RoutePreloads {
  landing: string[];
  login: string[];
  publicAccess: string[];
  dashboard: string[];
  screens: Record<string, string[]>;
}

const ASSET_PATH = /^\/assets\/[\w.~-]+\.js$/;

function readPreloads(webDistDir: string): RoutePreloads | null {
  const file = join(webDistDir, '.vite/route-preloads.json');
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  // Only plain asset paths ever reach the page (the file is ours, but the HTML is built from it).
  const clean = (files: unknown) => (Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && ASSET_PATH.test(file)) : []);
  return {
    landing: clean(parsed.landing),
    login: clean(parsed.login),
    publicAccess: clean(parsed.publicAccess),
    dashboard: clean(parsed.dashboard),
    screens: Object.fromEntries(Object.entries(parsed.screens ?? {}).map(([name, files]) => [name, clean(files)])),
  };
}

/**
 * The chunks the page at `pathname` will import, as src/app/router.tsx routes it. A dashboard
 * page without a session cookie is sent to /login by the route guard: it gets the login's chunks.
 */
function chunksFor(preloads: RoutePreloads, pathname: string, hasSession: boolean): string[] {
  if (pathname === '/') return preloads.landing;
  if (pathname === '/login') return preloads.login;
  if (pathname.startsWith('/acceso/')) return preloads.publicAccess;
  const dashboard = /^\/dashboard(?:\/([\w-]+))?\/?$/.exec(pathname);
  if (!dashboard) return [];
  if (!hasSession) return preloads.login;
  // '/dashboard' opens the overview. A screen the role cannot reach redirects there too, but
  // which ones those are only the session knows: its chunks are fetched and stay cached.
  const screen = preloads.screens[dashboard[1] ?? 'overview'] ?? [];
  return [...preloads.dashboard, ...screen];
}

interface Page {
  html: string;
  etag: string;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, text files
 * sent as their precompressed brotli or gzip copy when the browser takes it, and every
 * non-API GET that is not a file falls back to index.html so client routes survive a reload.
 *
 * The fallback adds `<link rel="modulepreload">` for the chunks of the requested page (from the
 * build's route-preloads.json), so the browser fetches a dashboard screen's code in parallel with
 * the entry instead of in a chain of lazy imports (entry → layout → screen).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = join(webDistDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text assets (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexPath, 'utf8') : '';
  const preloads = hasWeb ? readPreloads(webDistDir) : null;
  // One variant per list of chunks: a handful of distinct pages, built once each.
  const pages = new Map<string, Page>();
  const pageFor = (request: FastifyRequest): Page => {
    const pathname = request.url.split('?')[0]!;
    const chunks = preloads ? chunksFor(preloads, pathname, Boolean(request.cookies?.[SESSION_COOKIE])) : [];
    const key = chunks.join(' ');
    let page = pages.get(key);
    if (!page) {
      const links = chunks.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('\n    ');
      const html = links && indexHtml.includes('</head>') ? indexHtml.replace('</head>', `  ${links}\n  </head>`) : indexHtml;
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(key, page);
    }
    return page;
  };

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = pageFor(request);
      reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Cookie').type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.send(request.method === 'HEAD' ? undefined : page.html);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: defaultMessages.NOT_FOUND } });
  });
}
