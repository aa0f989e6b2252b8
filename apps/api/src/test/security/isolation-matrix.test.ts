import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenScopes } from '@jornada/shared/schemas/api-tokens';
import { changedTables, snapshot } from './db-snapshot';
import { securityProblems } from './header-checks';
import { expectedStatus, routeMatrix, type MatrixRow, type RequestSpec, type Role, type Scope, type Target } from './route-matrix';
import { createWorld, type CompanyWorld, type World, type WorldUser } from './world';

/**
 * Issue 9, item 1: every API operation of the app against every actor and every kind of object,
 * with the expected answers in route-matrix.ts. Details of the rules: the header of that file.
 */

interface Actor {
  label: string;
  role: Role;
  user: WorldUser | null;
  /** The company the actor belongs to (signed-out actors count as company A). */
  company: CompanyWorld;
  /** Disabled and expired sessions are deleted when presented; put the row back before each request. */
  revive?: () => Promise<void>;
  /** An API token actor (decision 054): the user's token with the route's scope, or one without it. */
  token?: 'withScope' | 'withoutScope';
}

let world: World;
let actors: Actor[];
const apiRoutes = () =>
  world.ctx.app.registeredRoutes.filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);

beforeAll(async () => {
  world = await createWorld();
  const { A, B } = world;
  actors = [
    { label: 'anonymous', role: 'anonymous', user: null, company: A },
    { label: 'employee A', role: 'employee', user: A.employee, company: A },
    { label: 'supervisor A', role: 'supervisor', user: A.supervisor, company: A },
    { label: 'employee B', role: 'employee', user: B.employee, company: B },
    { label: 'supervisor B', role: 'supervisor', user: B.supervisor, company: B },
    { label: 'admin', role: 'admin', user: world.admin, company: A },
    { label: 'disabled (A)', role: 'disabled', user: world.disabled, company: A, revive: world.reviveDisabled },
    { label: 'expired (A)', role: 'expired', user: world.expired, company: A, revive: world.reviveExpired },
  ];
  // Every signed-in actor again, with an API token instead of the session: holding the route's scope and not.
  for (const sessionActor of actors.filter((actor) => actor.role === 'employee' || actor.role === 'supervisor' || actor.role === 'admin')) {
    for (const token of ['withScope', 'withoutScope'] as const) actors.push({ ...sessionActor, label: `${sessionActor.label} by token ${token === 'withScope' ? 'with' : 'without'} the scope`, token });
  }
}, 120_000);
afterAll(() => world?.ctx.close());

function scopeFor(actor: Actor, target: Target): Scope {
  const own = actor.company;
  const foreign = own === world.A ? world.B : world.A;
  const company = target === 'other' ? foreign : own;
  const employee = target === 'own' ? (actor.role === 'employee' && actor.user ? actor.user : company.employee) : target === 'same' ? company.colleague : company.employee;
  const person = company.people[target === 'same' ? 'colleague' : 'employee'];
  const personal = target === 'own' && actor.role === 'supervisor' ? { record: company.supervisorRecord, report: company.supervisorReport } : person;
  return { role: actor.role, target, actor: actor.user, company, foreign, employee, person, personal, world, ...(actor.token ? { via: 'token' as const } : {}) };
}

/** A token actor's answer: 403 when the route takes no token or the token lacks its scope, else the session's. */
function expectedFor(matrixRow: MatrixRow, actor: Actor, target: Target): number {
  const session = expectedStatus(matrixRow.expect, actor.role, target);
  if (!actor.token) return session;
  if (matrixRow.tokens !== undefined) return matrixRow.tokens;
  const scope = world.ctx.app.apiTokenScopes.get(matrixRow.route);
  return scope && actor.token === 'withScope' ? session : 403;
}

/** The bearer a token actor sends on `route`: a token holding its scope, or one lacking it. */
function bearerOf(route: string, actor: Actor): string {
  const tokens = world.apiTokens.get(actor.user!.id)!;
  if (actor.token === 'withScope') return tokens.all.secret;
  return world.ctx.app.apiTokenScopes.get(route) === 'perfil:leer' ? tokens.allButProfile.secret : tokens.onlyProfile.secret;
}

function targetsOf(matrixRow: MatrixRow): Target[] {
  return matrixRow.targets ?? (matrixRow.route.includes(':') ? ['own', 'same', 'other'] : ['own']);
}

interface Outcome {
  failures: string[];
  requests: number;
}

interface Prepared {
  actor: Actor;
  target: Target;
  expected: number;
  spec: RequestSpec;
}

/** Builds one request; a request expected to succeed gets its fresh object now (before any snapshot). */
async function prepare(matrixRow: MatrixRow, actor: Actor, target: Target, expected: number): Promise<Prepared> {
  const scope = scopeFor(actor, target);
  const fresh = expected < 400 && matrixRow.fresh ? await matrixRow.fresh(scope) : undefined;
  return { actor, target, expected, spec: await matrixRow.request(scope, fresh) };
}

async function send(matrixRow: MatrixRow, { actor, target, expected, spec }: Prepared, outcome: Outcome) {
  await actor.revive?.();
  const [method] = matrixRow.route.split(' ');
  const cookie = actor.token ? undefined : spec.cookie === undefined ? actor.user?.cookie : (spec.cookie ?? undefined);
  // A program with a token sends neither the cookie nor the CSRF header.
  const credentials = actor.token ? { authorization: `Bearer ${bearerOf(matrixRow.route, actor)}` } : { 'x-requested-with': 'jornada', ...(cookie ? { cookie } : {}) };
  const response: LightMyRequestResponse = await world.ctx.app.inject({
    method: method as 'GET',
    url: spec.url,
    payload: spec.payload,
    headers: { ...credentials, ...spec.headers },
  });
  outcome.requests += 1;
  const where = `${matrixRow.route} as ${actor.label} on ${target} (${spec.url})`;
  if (response.statusCode !== expected) outcome.failures.push(`${where}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
  if (response.statusCode >= 400 && response.statusCode !== 302) {
    const body = response.body ? safeJson(response.body) : null;
    const shaped = body && typeof body.error?.code === 'string' && typeof body.error?.message === 'string';
    if (!shaped && method !== 'HEAD') outcome.failures.push(`${where}: error without the {error:{code,message}} shape: ${response.body.slice(0, 120)}`);
  }
  const headerProblems = securityProblems(response, { hsts: false });
  if (headerProblems.length) outcome.failures.push(`${where}: headers: ${headerProblems.join('; ')}`);
  if (actor.role !== 'admin') {
    const foreign = (actor.company === world.A ? world.B : world.A).marker.toLowerCase();
    const seen = `${JSON.stringify(response.headers)}\n${response.body}`.toLowerCase();
    if (seen.includes(foreign)) outcome.failures.push(`${where}: LEAK of ${foreign} in ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
}

function safeJson(text: string): { error?: { code?: unknown; message?: unknown } } | null {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

describe('tenant isolation matrix', () => {
  it('has a row for every API operation the app registers, and no row for one it does not', () => {
    const registered = apiRoutes();
    const rows = routeMatrix.map((matrixRow) => matrixRow.route);
    expect(registered.filter((route) => !rows.includes(route)), 'operations without a row in route-matrix.ts').toEqual([]);
    expect(rows.filter((route) => !registered.includes(route)), 'rows for operations the app does not have').toEqual([]);
    expect(rows.filter((route, index) => rows.indexOf(route) !== index), 'duplicate rows').toEqual([]);
  });

  it('opens every API token scope on at least one route, and the tokens\' own management to none (decision 054)', () => {
    const declared = new Set([...world.ctx.app.apiTokenScopes.values()]);
    for (const scope of apiTokenScopes) expect(declared.has(scope), scope).toBe(true);
    for (const route of ['GET /api/api-tokens', 'POST /api/api-tokens', 'POST /api/api-tokens/:id/revoke', 'POST /api/auth/login', 'GET /api/metrics']) expect(world.ctx.app.apiTokenScopes.get(route), route).toBeNull();
  });

  it('can see a marker where it belongs, so the leak search is not vacuous', async () => {
    const companies = await world.ctx.request({ method: 'GET', url: '/api/companies', cookie: world.admin.cookie });
    expect(companies.body).toContain(world.A.marker);
    expect(companies.body).toContain(world.B.marker);
    const exported = await world.ctx.request({ method: 'GET', url: `/api/export?month=${world.month}`, cookie: world.B.supervisor.cookie });
    for (const text of [`Juan ${world.B.marker}`, `Concierto ${world.B.marker}`, `Casco ${world.B.marker}`, `Sin incidencias ${world.B.marker}`]) expect(exported.body).toContain(text);
  });

  it('gives every actor the expected answer on own, same-company and other-company objects; no foreign marker ever; refused requests and GETs change nothing', async () => {
    const outcome: Outcome = { failures: [], requests: 0 };
    const registered = new Set(apiRoutes());
    const dialect = world.ctx.database.dialect;
    let combinations = 0;
    for (const matrixRow of routeMatrix.filter((candidate) => registered.has(candidate.route))) {
      const isGet = matrixRow.route.startsWith('GET ');
      // Where the route takes no token, holding every scope or not makes no difference: one token actor each suffices.
      const takesTokens = world.ctx.app.apiTokenScopes.get(matrixRow.route);
      const rowActors = actors.filter((actor) => actor.token !== 'withoutScope' || takesTokens);
      const plan = rowActors.flatMap((actor) => targetsOf(matrixRow).map((target) => ({ actor, target, expected: expectedFor(matrixRow, actor, target) })));
      combinations += plan.length;
      // Refused requests first, on the shared fixture: together they must leave every table as it was.
      const before = await snapshot(world.ctx.db, dialect);
      for (const step of plan.filter((candidate) => candidate.expected >= 400)) await send(matrixRow, await prepare(matrixRow, step.actor, step.target, step.expected), outcome);
      const changedByRefused = changedTables(before, await snapshot(world.ctx.db, dialect), isGet ? (matrixRow.getMayWrite ?? []) : []);
      if (changedByRefused.length) outcome.failures.push(`${matrixRow.route}: refused requests changed ${changedByRefused.join(', ')}`);
      // Then the allowed ones, each on its fresh object: a GET's are all made before the snapshot it is
      // compared with; a mutation's just before it is sent (it may depend on the previous one, e.g. a timer).
      const allowed = plan.filter((candidate) => candidate.expected < 400);
      if (isGet) {
        const prepared: Prepared[] = [];
        for (const step of allowed) prepared.push(await prepare(matrixRow, step.actor, step.target, step.expected));
        const beforeGets = await snapshot(world.ctx.db, dialect);
        for (const step of prepared) await send(matrixRow, step, outcome);
        const changedByGet = changedTables(beforeGets, await snapshot(world.ctx.db, dialect), matrixRow.getMayWrite ?? []);
        if (changedByGet.length) outcome.failures.push(`${matrixRow.route}: a GET changed ${changedByGet.join(', ')}`);
      } else {
        for (const step of allowed) await send(matrixRow, await prepare(matrixRow, step.actor, step.target, step.expected), outcome);
      }
    }
    const rowsRun = routeMatrix.filter((candidate) => registered.has(candidate.route)).length;
    console.log(
      `isolation matrix (${dialect}): ${rowsRun} operations × ${actors.length} actors × up to 4 targets (own, same company, other company, own with foreign ids) = ${combinations} combinations, ${outcome.requests} requests, ${outcome.failures.length} failures`,
    );
    expect(outcome.failures).toEqual([]);
    // The API token actors (decision 054) more than double the requests: PostgreSQL on a busy machine needs the time.
  }, 1_500_000);
});
