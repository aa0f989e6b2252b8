import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../multipart';
import { changedTables, snapshot } from './db-snapshot';
import { expectedStatus, routeMatrix, type MatrixRow, type Role, type Scope } from './route-matrix';
import { createWorld, type World, type WorldUser } from './world';

/**
 * Issue 9, item 3: every state-changing operation the app registers refuses a request a cross-site
 * page could send (no custom header, a form or text body, a foreign or opaque Origin) with 403 and
 * the Spanish error, and nothing in the database changes, not even a session. Each request is built
 * from the operation's matrix row for an actor who may call it, and sent afterwards as our own
 * client sends it, to prove the refused request would otherwise have changed something. A JSON
 * route refuses a multipart body, an upload route a JSON body. HEAD of every route changes nothing.
 */

let world: World;
const ROLE_ORDER: Role[] = ['admin', 'supervisor', 'employee', 'anonymous'];
const CSRF_ERROR = { error: { code: 'CSRF_REJECTED', message: 'Solicitud rechazada por seguridad.' } };

beforeAll(async () => {
  world = await createWorld();
}, 120_000);
afterAll(() => world?.ctx.close());

const registered = () => new Set(world.ctx.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));

/** The first actor (most privileged first) whose request on its own company's objects succeeds. */
function controlActor(matrixRow: MatrixRow): { role: Role; user: WorldUser | null; expected: number } {
  for (const role of ROLE_ORDER) {
    const expected = expectedStatus(matrixRow.expect, role, 'own');
    if (expected < 400) {
      const user = role === 'admin' ? world.admin : role === 'supervisor' ? world.A.supervisor : role === 'employee' ? world.A.employee : null;
      return { role, user, expected };
    }
  }
  throw new Error(`${matrixRow.route}: no actor may call it`);
}

function scopeOf(role: Role, user: WorldUser | null): Scope {
  const { A } = world;
  const employee = role === 'employee' && user ? user : A.employee;
  const personal = role === 'supervisor' ? { record: A.supervisorRecord, report: A.supervisorReport } : A.people.employee;
  return { role, target: 'own', actor: user, company: A, foreign: world.B, employee, person: A.people.employee, personal, world };
}

async function build(matrixRow: MatrixRow) {
  const control = controlActor(matrixRow);
  const scope = scopeOf(control.role, control.user);
  const fresh = matrixRow.fresh ? await matrixRow.fresh(scope) : undefined;
  const spec = await matrixRow.request(scope, fresh);
  const cookie = spec.cookie === undefined ? control.user?.cookie : (spec.cookie ?? undefined);
  const isMultipart = (spec.headers?.['content-type'] ?? '').startsWith('multipart/form-data');
  const rawBody =
    spec.payload === undefined ? undefined : Buffer.isBuffer(spec.payload) || typeof spec.payload === 'string' ? spec.payload : JSON.stringify(spec.payload);
  return { control, spec, cookie, isMultipart, rawBody };
}

describe('CSRF on every state-changing operation', () => {
  it('refuses cross-site requests with 403 and changes nothing; the same request from our client goes through', async () => {
    const failures: string[] = [];
    const names = registered();
    const rows = routeMatrix.filter((candidate) => !candidate.route.startsWith('GET ') && names.has(candidate.route));
    let refused = 0;
    for (const matrixRow of rows) {
      const [method] = matrixRow.route.split(' ') as [InjectOptions['method']];
      const { control, spec, cookie, isMultipart, rawBody } = await build(matrixRow);
      const base = { method, url: spec.url, headers: { ...(cookie ? { cookie } : {}) } };
      const ours = { 'x-requested-with': 'jornada' };
      const body = rawBody ?? 'a=1';
      const variants: { name: string; options: InjectOptions; csrf: boolean }[] = [
        { name: 'no X-Requested-With', options: { ...base, payload: spec.payload, headers: { ...base.headers, ...spec.headers } }, csrf: true },
        { name: 'text/plain body', options: { ...base, payload: body, headers: { ...base.headers, ...ours, 'content-type': 'text/plain' } }, csrf: true },
        { name: 'form body', options: { ...base, payload: body, headers: { ...base.headers, ...ours, 'content-type': 'application/x-www-form-urlencoded' } }, csrf: true },
        { name: 'foreign Origin', options: { ...base, payload: spec.payload, headers: { ...base.headers, ...ours, ...spec.headers, origin: 'https://atacante.example' } }, csrf: true },
        { name: 'opaque Origin null', options: { ...base, payload: spec.payload, headers: { ...base.headers, ...ours, ...spec.headers, origin: 'null' } }, csrf: true },
        isMultipart
          ? { name: 'JSON body to an upload route', options: { ...base, payload: { file: 'x' }, headers: { ...base.headers, ...ours } }, csrf: false }
          : { name: 'multipart body to a JSON route', options: withMultipartBody({ ...base, headers: { ...base.headers, ...ours } }), csrf: false },
      ];
      const before = await snapshot(world.ctx.db, world.ctx.database.dialect, new Set());
      for (const variant of variants) {
        const response = await world.ctx.app.inject(variant.options);
        refused += 1;
        const where = `${matrixRow.route} (${variant.name})`;
        if (variant.csrf) {
          if (response.statusCode !== 403 || response.body !== JSON.stringify(CSRF_ERROR)) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 150)}`);
        } else if (response.statusCode < 400 || response.statusCode >= 500 || !response.json().error?.message) {
          failures.push(`${where}: expected a 4xx refusal, got ${response.statusCode} ${response.body.slice(0, 150)}`);
        }
      }
      const changed = changedTables(before, await snapshot(world.ctx.db, world.ctx.database.dialect, new Set()));
      if (changed.length) failures.push(`${matrixRow.route}: refused requests changed ${changed.join(', ')}`);
      const live = await world.ctx.app.inject({ ...base, payload: spec.payload, headers: { ...base.headers, ...ours, ...spec.headers } });
      if (live.statusCode !== control.expected) failures.push(`${matrixRow.route}: our own request as ${control.role} answered ${live.statusCode}, expected ${control.expected}: ${live.body.slice(0, 150)}`);
    }
    console.log(`CSRF: ${rows.length} state-changing operations × 6 forged variants = ${refused} requests refused, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('changes nothing on HEAD or GET of any operation (GETs are also run by every actor in the isolation matrix)', async () => {
    const names = registered();
    const failures: string[] = [];
    const rows = routeMatrix.filter((candidate) => candidate.route.startsWith('GET ') && names.has(candidate.route));
    const allowed = rows.flatMap((matrixRow) => matrixRow.getMayWrite ?? []);
    // Fresh objects are made first: only the requests themselves are between the two snapshots.
    const built = [];
    for (const matrixRow of rows) built.push(await build(matrixRow));
    const before = await snapshot(world.ctx.db, world.ctx.database.dialect);
    for (const { control, spec, cookie } of built) {
      for (const method of ['HEAD', 'GET'] as const) {
        const response = await world.ctx.app.inject({ method, url: spec.url, headers: { ...(cookie ? { cookie } : {}), ...spec.headers } });
        if (response.statusCode !== control.expected) failures.push(`${method} ${spec.url} as ${control.role}: ${response.statusCode}, expected ${control.expected}`);
        if (method === 'HEAD' && response.body !== '') failures.push(`HEAD ${spec.url}: sent a body`);
      }
    }
    const changed = changedTables(before, await snapshot(world.ctx.db, world.ctx.database.dialect), allowed);
    console.log(`GET/HEAD: ${rows.length} operations, ${rows.length * 2} requests; tables changed beyond the documented logs: ${changed.length}`);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  }, 120_000);
});

function withMultipartBody(options: InjectOptions): InjectOptions {
  const form = multipart({ name: 'x' });
  return { ...options, payload: form.payload, headers: { ...options.headers, 'content-type': form.headers['content-type'] } };
}
