import type { RoleName } from '@jornada/shared/permissions';
import type { TestContext } from './test-app';

export interface SignedInUser {
  id: string;
  username: string;
  name: string;
  password: string;
  companyId: string | null;
  cookie: string;
}

/** Arrange: a new user of `role` (in `companyId`), signed in; the cookie goes into later requests. */
export async function signInAs(
  ctx: TestContext,
  role: RoleName,
  companyId: string | null = null,
  extra: { name?: string; categoryIds?: string[] } = {},
): Promise<SignedInUser> {
  const user = await ctx.factories.user({ role, companyId, ...extra });
  return { ...user, cookie: await ctx.login(user.username, user.password) };
}

export interface TwoCompanies {
  home: { id: string; name: string };
  other: { id: string; name: string };
  admin: SignedInUser;
  supervisor: SignedInUser;
  employee: SignedInUser;
}

/** Arrange: the admin, a supervisor and an employee of a 'home' company, and an 'other' company to isolate from. */
export async function arrangeTwoCompanies(ctx: TestContext): Promise<TwoCompanies> {
  const home = await ctx.factories.company('Vigilancia Norte');
  const other = await ctx.factories.company('Eventos Sur');
  const admin = await signInAs(ctx, 'Administrador', null, { name: 'Ana Admin' });
  const supervisor = await signInAs(ctx, 'Supervisor', home.id);
  const employee = await signInAs(ctx, 'Empleado', home.id);
  return { home, other, admin, supervisor, employee };
}
