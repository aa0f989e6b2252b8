import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrantedViews, defaultRoleIds } from '@jornada/shared/permissions';
import { expectedStatus, routeMatrix, type Scope } from './route-matrix';
import { CLOSED } from './closed-views';
import { createWorld, type World } from './world';

/**
 * Issue 25, item 6: permissions hide data, not only screens. The isolation matrix's 'view revoked'
 * actor: company A's Supervisor after the administrator withdrew 'time-log' and 'view-employees'
 * from the Supervisor role. Every route that returns other people's records or the company's people
 * answers 403 (decision 032); every other route answers as it does for a supervisor with every view.
 */

let world: World;
beforeAll(async () => {
  world = await createWorld();
  const withdrawn = new Set(['time-log', 'view-employees']);
  const response = await world.ctx.app.inject({
    method: 'PUT',
    url: `/api/permissions/${world.A.id}`,
    headers: { 'x-requested-with': 'jornada', cookie: world.admin.cookie },
    payload: {
      permissions: {
        [defaultRoleIds.Supervisor]: defaultGrantedViews('Supervisor').filter((view) => !withdrawn.has(view)),
        [defaultRoleIds.Empleado]: defaultGrantedViews('Empleado'),
      },
    },
  });
  if (response.statusCode !== 200) throw new Error(`could not withdraw the views: ${response.statusCode} ${response.body}`);
}, 120_000);
afterAll(() => world?.ctx.close());

describe("a supervisor whose company withdrew 'time-log' and 'view-employees'", () => {
  it('gets 403 from every route of those views’ data, and the usual answer from every other', async () => {
    const { A, B } = world;
    const failures: string[] = [];
    const registered = new Set(world.ctx.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
    expect([...CLOSED].filter((route) => !registered.has(route)), 'CLOSED names routes the app does not have').toEqual([]);
    for (const matrixRow of routeMatrix) {
      const [method] = matrixRow.route.split(' ');
      if (method === 'HEAD') continue;
      const usual = expectedStatus(matrixRow.expect, 'supervisor', 'own');
      const expected = CLOSED.has(matrixRow.route) ? 403 : usual;
      const scope: Scope = { role: 'supervisor', target: 'own', actor: A.supervisor, company: A, foreign: B, employee: A.employee, person: A.people.employee, personal: { record: A.supervisorRecord, report: A.supervisorReport }, world };
      const fresh = expected < 400 && matrixRow.fresh ? await matrixRow.fresh(scope) : undefined;
      const spec = await matrixRow.request(scope, fresh);
      const cookie = spec.cookie === undefined ? A.supervisor.cookie : (spec.cookie ?? undefined);
      const response = await world.ctx.app.inject({
        method: method as 'GET',
        url: spec.url,
        payload: spec.payload,
        headers: { 'x-requested-with': 'jornada', ...(cookie ? { cookie } : {}), ...spec.headers },
      });
      if (response.statusCode !== expected) failures.push(`${matrixRow.route} (${spec.url}): expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
