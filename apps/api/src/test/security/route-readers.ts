import { expectedStatus, routeMatrix, type MatrixRow, type RequestSpec, type Role, type Scope } from './route-matrix';
import type { World, WorldUser } from './world';

export interface ReaderRequest {
  matrixRow: MatrixRow;
  user: WorldUser | null;
  spec: RequestSpec;
}

/**
 * The request of a matrix row made by the first actor that may use it on its own company's objects
 * (supervisor, employee, administrator, then signed out), for tests that check something of every
 * successful answer rather than who may have it.
 */
export async function readerRequest(world: World, route: string): Promise<ReaderRequest | undefined> {
  const matrixRow = routeMatrix.find((candidate) => candidate.route === route);
  if (!matrixRow) throw new Error(`no matrix row for ${route}`);
  const { A, B } = world;
  const candidates: { role: Role; user: WorldUser | null }[] = [
    { role: 'supervisor', user: A.supervisor },
    { role: 'employee', user: A.employee },
    { role: 'admin', user: world.admin },
    { role: 'anonymous', user: null },
  ];
  for (const { role, user } of candidates) {
    const status = expectedStatus(matrixRow.expect, role, 'own');
    if (status < 200 || status >= 300) continue;
    const employee = role === 'employee' && user ? user : A.employee;
    const personal = role === 'supervisor' ? { record: A.supervisorRecord, report: A.supervisorReport } : A.people.employee;
    const scope: Scope = { role, target: 'own', actor: user, company: A, foreign: B, employee, person: A.people.employee, personal, world };
    const spec = await matrixRow.request(scope, matrixRow.fresh ? await matrixRow.fresh(scope) : undefined);
    return { matrixRow, user, spec };
  }
  return undefined;
}
