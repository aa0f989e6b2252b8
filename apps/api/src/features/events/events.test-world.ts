import { defaultRoleIds, type RoleName } from '@jornada/shared/permissions';
import { createTestContext, type TestContext } from '../../test/test-app';

/**
 * The world the events API tests share: two companies, an admin, a supervisor and employees in the
 * first, an employee and a supervisor in the second, each signed in where the tests act as them.
 */
export async function createEventsWorld() {
  const ctx: TestContext = await createTestContext();
  const signIn = async (role: RoleName, companyId: string | null, name?: string) => {
    const user = await ctx.factories.user({ role, companyId, name });
    return { user, cookie: await ctx.login(user.username, user.password) };
  };
  const company = await ctx.factories.company('Vigilancia Norte');
  const otherCompany = await ctx.factories.company('Seguridad Sur');
  const admin = await signIn('Administrador', null);
  const supervisor = await signIn('Supervisor', company.id, 'Marta López');
  const employee = await signIn('Empleado', company.id, 'Juan Pérez');
  const colleague = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Ana Ruiz' });
  const outsider = await ctx.factories.user({ role: 'Empleado', companyId: otherCompany.id, name: 'Pedro Sur' });
  const otherSupervisor = await signIn('Supervisor', otherCompany.id);
  const cookies = { admin: admin.cookie, supervisor: supervisor.cookie, employee: employee.cookie, otherSupervisor: otherSupervisor.cookie };

  const post = (url: string, payload: object, cookie: string | undefined) => ctx.request({ method: 'POST', url, payload, cookie });
  const put = (url: string, payload: object, cookie: string | undefined) => ctx.request({ method: 'PUT', url, payload, cookie });
  /** The event entries of the action log of a company, oldest first. */
  const logMessages = async (companyId: string) => {
    const rows = await ctx.db
      .selectFrom('action_log')
      .select('message')
      .where('company_id', '=', companyId)
      .where('kind', 'like', 'event.%')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.message);
  };
  const adminId = async () =>
    (await ctx.db.selectFrom('users').select('id').where('role_id', '=', defaultRoleIds.Administrador).executeTakeFirstOrThrow()).id;

  return {
    ctx, signIn, company, otherCompany, cookies, post, put, logMessages, adminId,
    supervisor: supervisor.user, employee: employee.user, colleague, outsider,
  };
}

export type EventsWorld = Awaited<ReturnType<typeof createEventsWorld>>;

/** A momentary event next Saturday evening (the test clock is Saturday 21 November 2026, 10:00 UTC). */
export const momentary = { name: 'Concierto', location: 'Palacio de Deportes', date: '2026-11-28T18:00:00.000Z', endDate: '2026-11-28T23:00:00.000Z' };
