import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
// request.cookies (the plugin is registered in plugins/auth.ts; this file reads them).
import type {} from '@fastify/cookie';
import { defaultMessages } from '@jornada/shared/errors';
import { monthKeyOf } from '@jornada/shared/format';
import type { RoleName } from '@jornada/shared/permissions';
import { resolveActor } from '../features/auth/auth.service';
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

const DASHBOARD_PATH = /^\/dashboard(?:\/([\w-]+))?\/?$/;

/**
 * The chunks the page at `pathname` will import, as src/app/router.tsx routes it. A dashboard
 * page without a valid session is sent to /login by the route guard: it gets the login's chunks.
 */
function chunksFor(preloads: RoutePreloads, pathname: string, signedIn: boolean): string[] {
  if (pathname === '/') return preloads.landing;
  if (pathname === '/login') return preloads.login;
  if (pathname.startsWith('/acceso/')) return preloads.publicAccess;
  const dashboard = DASHBOARD_PATH.exec(pathname);
  if (!dashboard) return [];
  if (!signedIn) return preloads.login;
  // '/dashboard' opens the overview. A screen the role cannot reach redirects there too, but
  // which ones those are only the session knows: its chunks are fetched and stay cached.
  const screen = preloads.screens[dashboard[1] ?? 'overview'] ?? [];
  return [...preloads.dashboard, ...screen];
}

/**
 * The API GETs the web app makes on its first render of the Panel Principal (`/dashboard` opens
 * it too), for a viewer of `role`, in the order it needs them. It must mirror the web overview
 * exactly (a URL it does not request is a wasted request; e2e/overview-preload.spec.ts checks
 * both ways):
 * - everyone: the session (src/lib/auth.ts), the summary cards, the pending corrections and the
 *   calendar of the current month in the company's time zone (EventsCalendar);
 * - Empleado: their vacations (pending proposals, red calendar days) and pending material loans;
 * - Empleado and Supervisor: the clock-in panel's running timer, clockable events and latest records.
 */
export function overviewRequests(role: RoleName, now: Date): string[] {
  const urls = ['/api/auth/me', '/api/overview/summary'];
  if (role === 'Empleado') urls.push('/api/my-vacations', '/api/material-loans/mine?view=pending');
  urls.push('/api/corrections/summary');
  if (role === 'Empleado' || role === 'Supervisor') urls.push('/api/time-records/active', '/api/time-records/clockable-events', '/api/time-records/mine?limit=5');
  urls.push(`/api/events/calendar?month=${monthKeyOf(now)}`);
  // The top bar's bell (decision 033): people of a company only.
  if (role === 'Empleado' || role === 'Supervisor') urls.push('/api/notifications/unread-count');
  return urls;
}

/** The data `pathname` loads first for a signed-in viewer of `role`: the overview's, or none. */
function dataFor(pathname: string, role: RoleName | null, now: Date): string[] {
  if (!role) return [];
  const dashboard = DASHBOARD_PATH.exec(pathname);
  if (!dashboard || (dashboard[1] ?? 'overview') !== 'overview') return [];
  return overviewRequests(role, now);
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
 * the entry instead of in a chain of lazy imports (entry → layout → screen). For the overview and a
 * valid session it also adds `<link rel="preload" as="fetch">` for the API GETs the page makes
 * first (overviewRequests), so its data arrives while its code is still loading instead of after.
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
  // One variant per list of preloads: a handful of distinct pages (page × role × month), built once each.
  const pages = new Map<string, Page>();
  const authDeps = { db: app.db, clock: app.clock, cache: app.authCache };
  /** The viewer's role when `pathname` is a dashboard page and the session cookie is valid. */
  const roleOf = async (request: FastifyRequest, pathname: string): Promise<RoleName | null> => {
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token || !DASHBOARD_PATH.test(pathname)) return null;
    return (await resolveActor(authDeps, token))?.role ?? null;
  };
  const pageFor = async (request: FastifyRequest): Promise<Page & { personal: boolean }> => {
    const pathname = request.url.split('?')[0]!;
    const role = await roleOf(request, pathname);
    const chunks = preloads ? chunksFor(preloads, pathname, role !== null) : [];
    const data = dataFor(pathname, role, app.clock());
    const key = `${chunks.join(' ')}|${data.join(' ')}`;
    let page = pages.get(key);
    if (!page) {
      const links = [
        ...chunks.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
        // Same-origin fetch() with credentials 'same-origin' (src/lib/api-client.ts) matches crossorigin="anonymous".
        ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`),
      ].join('\n    ');
      const html = links && indexHtml.includes('</head>') ? indexHtml.replace('</head>', `  ${links}\n  </head>`) : indexHtml;
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      pages.set(key, page);
    }
    return { ...page, personal: role !== null };
  };

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing file (a hashed chunk of an earlier build, a mistyped icon) is a 404, never the app
    // page: a module script answered with HTML breaks the page that asked for it, where a 404 lets
    // it reload itself onto the new build (apps/web/src/lib/stale-chunk.ts).
    if (!isApi && looksLikeFile(request.url)) {
      return reply.status(404).header('Cache-Control', 'no-store').send({ error: { code: 'NOT_FOUND', message: defaultMessages.NOT_FOUND } });
    }
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = await pageFor(request);
      // A signed-in variant depends on the viewer's session (its role's data): no shared cache keeps it.
      reply.header('Cache-Control', page.personal ? 'private, no-cache' : 'no-cache').header('ETag', page.etag).header('Vary', 'Cookie').type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
      return reply.send(request.method === 'HEAD' ? undefined : page.html);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: defaultMessages.NOT_FOUND } });
  });
}

/** Client routes never end in a file extension; files do (`/assets/index-3f9a.js`, `/favicon.ico`). */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}
