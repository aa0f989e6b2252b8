import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultGrantedViews } from '@jornada/shared/permissions';
import { CLOSED, WITHDRAWN_VIEWS } from './closed-views';
import { securityProblems } from './header-checks';
import { expectedStatus, routeMatrix, type Scope, type Target } from './route-matrix';
import { createWorld, type World } from './world';

/**
 * Decision 043: company A's supervisor holds a custom role based on Supervisor whose matrix row
 * withholds 'time-log' and 'view-employees' (the default Supervisor role keeps every view). On every
 * route of the isolation matrix and every target (own, same company, other company) the server
 * answers exactly what it answers a supervisor, but 403 on the routes those views close. (Company
 * B's people hold custom roles with their base's views in every world: isolation-matrix.test.ts.)
 */

let world: World;
let roleName: string;
beforeAll(async () => {
  world = await createWorld();
  const { A } = world;
  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await world.ctx.app.inject({ method, url, payload, headers: { 'x-requested-with': 'jornada', cookie: world.admin.cookie } });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const role = await inject('POST', '/api/roles', { name: 'Jefe de turno sin fichajes', base: 'Supervisor' });
  roleName = role.name;
  await inject('PUT', `/api/roles/${role.id}/companies`, { companyIds: [A.id] });
  const withdrawn = new Set<string>(WITHDRAWN_VIEWS);
  await inject('PUT', `/api/permissions/${A.id}`, { permissions: { [role.id]: defaultGrantedViews('Supervisor').filter((view) => !withdrawn.has(view)) } });
  const users = await inject('GET', `/api/users?companyId=${A.id}&limit=200`);
  const current = users.items.find((item: { id: string }) => item.id === A.supervisor.id);
  const { name, username, email, phone, categoryIds } = current;
  await inject('PUT', `/api/users/${A.supervisor.id}`, { name, username, email, phone, roleId: role.id, companyId: A.id, categoryIds });
}, 120_000);
afterAll(() => world?.ctx.close());

describe("a supervisor-based custom role whose company withholds 'time-log' and 'view-employees'", () => {
  it('holds the role, with the Supervisor capabilities and exactly the granted views', async () => {
    const me = await world.ctx.request({ method: 'GET', url: '/api/auth/me', cookie: world.A.supervisor.cookie });
    expect(me.json().profile).toMatchObject({ role: 'Supervisor', roleName });
    expect(me.json().profile.grantedViews).not.toContain('time-log');
    expect(me.json().profile.grantedViews).not.toContain('view-employees');
    expect(me.json().profile.grantedViews).toContain('manage-events');
  });

  it('gets 403 from every route of the withheld views and the supervisor’s answer from every other, on every target', async () => {
    const { A, B } = world;
    const failures: string[] = [];
    let requests = 0;
    for (const matrixRow of routeMatrix) {
      const [method] = matrixRow.route.split(' ');
      if (method === 'HEAD') continue;
      const targets: Target[] = (matrixRow.targets ?? (matrixRow.route.includes(':') ? ['own', 'same', 'other'] : ['own'])).filter((target) => target !== 'mixed');
      for (const target of targets) {
        const usual = expectedStatus(matrixRow.expect, 'supervisor', target);
        const expected = CLOSED.has(matrixRow.route) ? 403 : usual;
        const company = target === 'other' ? B : A;
        const employee = target === 'same' ? company.colleague : company.employee;
        const person = company.people[target === 'same' ? 'colleague' : 'employee'];
        const personal = target === 'own' ? { record: A.supervisorRecord, report: A.supervisorReport } : person;
        const scope: Scope = { role: 'supervisor', target, actor: A.supervisor, company, foreign: B, employee, person, personal, world };
        const fresh = expected < 400 && matrixRow.fresh ? await matrixRow.fresh(scope) : undefined;
        const spec = await matrixRow.request(scope, fresh);
        const cookie = spec.cookie === undefined ? A.supervisor.cookie : (spec.cookie ?? undefined);
        const response = await world.ctx.app.inject({
          method: method as 'GET',
          url: spec.url,
          payload: spec.payload,
          headers: { 'x-requested-with': 'jornada', ...(cookie ? { cookie } : {}), ...spec.headers },
        });
        requests += 1;
        const where = `${matrixRow.route} on ${target} (${spec.url})`;
        if (response.statusCode !== expected) failures.push(`${where}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (response.body.toLowerCase().includes(B.marker.toLowerCase())) failures.push(`${where}: LEAK of ${B.marker}`);
        const headerProblems = securityProblems(response, { hsts: false });
        if (headerProblems.length) failures.push(`${where}: headers: ${headerProblems.join('; ')}`);
      }
    }
    expect(requests).toBeGreaterThan(routeMatrix.length);
    expect(failures).toEqual([]);
  }, 600_000);
});
