import type { RoleName } from '@jornada/shared/permissions';
import type { Material, MaterialLoan } from '@jornada/shared/schemas/material';
import { createTestContext, type TestContext } from '../../test/test-app';

/** A real 1×1 PNG, as the signature pad would send it (trimmed, tiny). */
export const PNG_SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * The world the material tests share: two companies; an admin; in the first a supervisor, two
 * employees and a supervisor colleague; in the second a supervisor and an employee. Everyone who
 * acts is signed in.
 */
export async function createMaterialWorld() {
  const ctx: TestContext = await createTestContext();
  const signIn = async (role: RoleName, companyId: string | null, name?: string) => {
    const user = await ctx.factories.user({ role, companyId, name });
    return { ...user, cookie: await ctx.login(user.username, user.password) };
  };
  const company = await ctx.factories.company('Vigilancia Norte');
  const otherCompany = await ctx.factories.company('Seguridad Sur');
  const admin = await signIn('Administrador', null, 'Ana Admin');
  const supervisor = await signIn('Supervisor', company.id, 'Marta López');
  const employee = await signIn('Empleado', company.id, 'Juan Pérez');
  const colleague = await signIn('Empleado', company.id, 'Ana Ruiz');
  const supervisorColleague = await ctx.factories.user({ role: 'Supervisor', companyId: company.id, name: 'Sergio Jefe' });
  const otherSupervisor = await signIn('Supervisor', otherCompany.id, 'Pablo Sur');
  const outsider = await signIn('Empleado', otherCompany.id, 'Pedro Sur');

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, cookie: string | undefined, payload?: object) =>
    ctx.request({ method, url, cookie, ...(payload === undefined ? {} : { payload }) });
  const get = call('GET');
  const post = call('POST');
  const put = call('PUT');
  const del = call('DELETE');

  /** A material with its stock, made through the API as the given manager. */
  const createMaterial = async (name: string, items: { size: string; quantity: number }[], cookie = supervisor.cookie, companyId?: string) => {
    const response = await post('/api/material', cookie, { name, items, ...(companyId ? { companyId } : {}) });
    if (response.statusCode !== 201) throw new Error(`material: ${response.statusCode} ${response.body}`);
    return response.json() as Material;
  };
  const lend = async (employeeId: string, items: { materialId: string; size: string; quantity: number }[], cookie = supervisor.cookie) => {
    const response = await post('/api/material-loans', cookie, { employeeId, items });
    if (response.statusCode !== 201) throw new Error(`loan: ${response.statusCode} ${response.body}`);
    return response.json() as MaterialLoan;
  };
  const stock = async (materialId: string, size: string) => {
    const row = await ctx.db.selectFrom('material_items').select('quantity').where('material_id', '=', materialId).where('size', '=', size).executeTakeFirst();
    return row === undefined ? undefined : Number(row.quantity);
  };
  const loanStatus = async (id: string) =>
    (await ctx.db.selectFrom('material_loans').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  /** The material and loan entries of a company's action log, oldest first. */
  const logMessages = async (companyId: string) => {
    const rows = await ctx.db
      .selectFrom('action_log')
      .select('message')
      .where('company_id', '=', companyId)
      .where((eb) => eb.or([eb('kind', 'like', 'material.%'), eb('kind', 'like', 'loan.%')]))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.message);
  };

  return {
    ctx,
    company,
    otherCompany,
    admin,
    supervisor,
    employee,
    colleague,
    supervisorColleague,
    otherSupervisor,
    outsider,
    get,
    post,
    put,
    del,
    createMaterial,
    lend,
    stock,
    loanStatus,
    logMessages,
  };
}

export type MaterialWorld = Awaited<ReturnType<typeof createMaterialWorld>>;
