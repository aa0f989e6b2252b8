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
