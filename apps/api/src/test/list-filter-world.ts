import type { TestContext } from './test-app';

/**
 * The people the list-filter tests filter by: company Norte with Juan and Lucía and a supervisor,
 * company Sur with Pedro (whose ids must never widen Norte's lists), and an administrator.
 */
export async function arrangeListFilterWorld(ctx: TestContext) {
  const north = await ctx.factories.company('Norte');
  const south = await ctx.factories.company('Sur');
  const juan = await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Juan Pérez' });
  const lucia = await ctx.factories.user({ role: 'Empleado', companyId: north.id, name: 'Lucía García' });
  const pedroSouth = await ctx.factories.user({ role: 'Empleado', companyId: south.id, name: 'Pedro Sur' });
  const supervisor = await ctx.factories.user({ role: 'Supervisor', companyId: north.id });
  const supervisorCookie = await ctx.login(supervisor.username, supervisor.password);
  const admin = await ctx.factories.user({ role: 'Administrador' });
  const adminCookie = await ctx.login(admin.username, admin.password);
  return { north, south, juan, lucia, pedroSouth, supervisorCookie, adminCookie };
}
