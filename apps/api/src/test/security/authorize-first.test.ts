import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedStatus, routeMatrix, type Role, type Scope } from './route-matrix';
import { createWorld, type World, type WorldUser } from './world';

/**
 * Issue 25, item 7: the API tells nothing about its inputs to someone who may not call it. Over the
 * whole route table, a request with a broken body and query from a caller the matrix refuses (signed
 * out: 401; a role or view without access: 403) gets that 401 or 403, never the 400 its input
 * would earn.
 */

let world: World;
beforeAll(async () => {
  world = await createWorld();
}, 120_000);
afterAll(() => world?.ctx.close());

/** Breaks every part of a request a schema checks, keeping the path routable. */
function broken(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}limit=-7&month=13-2026&cursor=%00&from=ayer&companyId=`;
}
const BROKEN_BODY = { name: 12, startTime: 'pronto', dates: 'no', quantity: -1, password: 1, unexpected: true };

describe('401 and 403 come before 400', () => {
  it('for every operation, from a caller signed out or without access, whatever the input', async () => {
    const { A, B } = world;
    const callers: { role: Role; user: WorldUser | null }[] = [
      { role: 'anonymous', user: null },
      { role: 'employee', user: A.employee },
      { role: 'supervisor', user: A.supervisor },
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const matrixRow of routeMatrix) {
      const [method] = matrixRow.route.split(' ');
      if (method === 'HEAD') continue;
      for (const { role, user } of callers) {
        const expected = expectedStatus(matrixRow.expect, role, 'own');
        if (expected !== 401 && expected !== 403) continue;
        const employee = role === 'employee' && user ? user : A.employee;
        const scope: Scope = { role, target: 'own', actor: user, company: A, foreign: B, employee, person: A.people.employee, personal: A.people.employee, world };
        const spec = await matrixRow.request(scope);
        const hasBody = method !== 'GET' && method !== 'DELETE';
        const response = await world.ctx.app.inject({
          method: method as 'GET',
          url: broken(spec.url),
          ...(hasBody ? { payload: BROKEN_BODY } : {}),
          headers: { 'x-requested-with': 'jornada', ...(user ? { cookie: user.cookie } : {}) },
        });
        checked++;
        if (response.statusCode !== expected) failures.push(`${matrixRow.route} as ${role}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 140)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
