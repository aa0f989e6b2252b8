import { afterAll, beforeAll, beforeEach } from 'vitest';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { arrangeTwoCompanies, signInAs, type SignedInUser, type TwoCompanies } from './sign-in';
import { createTestContext, type TestContext } from './test-app';

/*
 * The worlds most API test files share, with the hooks that build them: one test context per file,
 * made before all its tests and closed after them. What a `use…` function returns is filled in
 * place by its beforeAll, so a file can destructure it at its top; it is empty until then, exactly
 * like the `let` it replaces, so read it in tests and hooks only. A file's own beforeAll, written
 * after the `use…` call, runs after the world is arranged.
 */

/** Fills each (object) member of `target` with the same member of what `arrange` gives, before all tests. */
function arrangeInPlace<W extends { [K in keyof W]: object }>(target: W, arrange: () => Promise<W>) {
  beforeAll(async () => {
    const arranged = await arrange();
    for (const key of Object.keys(target) as (keyof W)[]) Object.assign(target[key], arranged[key]);
  });
}

const placeholder = <T extends object>() => ({}) as T;

/** The file's test context: created before all tests, closed after them. */
export function useTestContext(options?: Parameters<typeof createTestContext>[0]): TestContext {
  const ctx = placeholder<TestContext>();
  arrangeInPlace({ ctx }, async () => ({ ctx: await createTestContext(options) }));
  afterAll(() => ctx.close?.());
  return ctx;
}

/**
 * arrangeTwoCompanies in its own test context: the admin, a supervisor and an employee of 'home', and an
 * 'other' company to isolate from. `ownInstantPerTest`: the clock moves a second before each test, so the
 * newest action-log entry of a kind is the running test's.
 */
export function useTwoCompanies(options: { ownInstantPerTest?: boolean } = {}): TwoCompanies & { ctx: TestContext } {
  const ctx = useTestContext();
  const world: TwoCompanies = {
    home: placeholder(),
    other: placeholder(),
    admin: placeholder(),
    supervisor: placeholder(),
    employee: placeholder(),
  };
  arrangeInPlace(world, () => arrangeTwoCompanies(ctx));
  if (options.ownInstantPerTest) beforeEach(() => ctx.clock.advance(1000));
  return { ctx, ...world };
}

export interface TwoCompaniesWithCategories extends TwoCompanies {
  /** 'Escolta', offered in home. */
  homeCategory: { id: string; name: string };
  /** 'Azafata', offered in other only. */
  otherCategory: { id: string; name: string };
}

/**
 * The two companies with a category offered in each, made before the people: the admin (Ana Admin), and
 * home's supervisor and employee, who may be given names and the employee home's category.
 */
export async function arrangeTwoCompaniesWithCategories(
  ctx: TestContext,
  people: { supervisorName?: string; employee?: { name: string; inHomeCategory?: boolean } } = {},
): Promise<TwoCompaniesWithCategories> {
  const home = await ctx.factories.company('Vigilancia Norte');
  const other = await ctx.factories.company('Eventos Sur');
  const homeCategory = await ctx.factories.category({ name: 'Escolta', companyIds: [home.id] });
  const otherCategory = await ctx.factories.category({ name: 'Azafata', companyIds: [other.id] });
  const employeeCategories = people.employee?.inHomeCategory ? { categoryIds: [homeCategory.id] } : {};
  return {
    home,
    other,
    homeCategory,
    otherCategory,
    admin: await signInAs(ctx, 'Administrador', null, { name: 'Ana Admin' }),
    supervisor: await signInAs(ctx, 'Supervisor', home.id, people.supervisorName ? { name: people.supervisorName } : {}),
    employee: await signInAs(ctx, 'Empleado', home.id, people.employee ? { name: people.employee.name, ...employeeCategories } : {}),
  };
}

/** arrangeTwoCompaniesWithCategories in its own test context; the clock moves a second before each test. */
export function useTwoCompaniesWithCategories(
  people: Parameters<typeof arrangeTwoCompaniesWithCategories>[1] = {},
): TwoCompaniesWithCategories & { ctx: TestContext } {
  const ctx = useTestContext();
  const world: TwoCompaniesWithCategories = {
    home: placeholder(),
    other: placeholder(),
    homeCategory: placeholder(),
    otherCategory: placeholder(),
    admin: placeholder(),
    supervisor: placeholder(),
    employee: placeholder(),
  };
  arrangeInPlace(world, () => arrangeTwoCompaniesWithCategories(ctx, people));
  beforeEach(() => ctx.clock.advance(1000));
  return { ctx, ...world };
}

export interface StaffedCompanies {
  /** 'Norte', where the staff below work. */
  companyA: { id: string; name: string };
  /** 'Sur', whose people must never see or touch Norte's records. */
  companyB: { id: string; name: string };
  employee: SignedInUser;
  colleague: SignedInUser;
  supervisor: SignedInUser;
  foreignSupervisor: SignedInUser;
  foreignEmployee: SignedInUser;
  admin: SignedInUser;
}

type StaffMember = Exclude<keyof StaffedCompanies, 'companyA' | 'companyB'>;

/**
 * Norte with an employee (Juan Pérez), a colleague (Lucía García) and a supervisor (Marta López); Sur
 * with a supervisor (Pedro Sur) and an employee (Ana Sur); and an administrator, all signed in.
 * `names` may rename the companies and name the administrator; `categoryIds` may give people categories
 * made for the two companies (called before anyone is created).
 */
export async function arrangeStaffedCompanies(
  ctx: TestContext,
  options: {
    names?: { companyA?: string; companyB?: string; admin?: string };
    categoryIds?: (companies: Pick<StaffedCompanies, 'companyA' | 'companyB'>) => Promise<Partial<Record<StaffMember, string[]>>>;
  } = {},
): Promise<StaffedCompanies> {
  const names = options.names ?? {};
  const companyA = await ctx.factories.company(names.companyA ?? 'Norte');
  const companyB = await ctx.factories.company(names.companyB ?? 'Sur');
  const categoryIds = (await options.categoryIds?.({ companyA, companyB })) ?? {};
  const person = (role: 'Empleado' | 'Supervisor', companyId: string, name: string, member: StaffMember) =>
    signInAs(ctx, role, companyId, { name, ...(categoryIds[member] ? { categoryIds: categoryIds[member] } : {}) });
  return {
    companyA,
    companyB,
    employee: await person('Empleado', companyA.id, 'Juan Pérez', 'employee'),
    colleague: await person('Empleado', companyA.id, 'Lucía García', 'colleague'),
    supervisor: await person('Supervisor', companyA.id, 'Marta López', 'supervisor'),
    foreignSupervisor: await person('Supervisor', companyB.id, 'Pedro Sur', 'foreignSupervisor'),
    foreignEmployee: await person('Empleado', companyB.id, 'Ana Sur', 'foreignEmployee'),
    admin: await signInAs(ctx, 'Administrador', null, names.admin ? { name: names.admin } : {}),
  };
}

/** arrangeStaffedCompanies in its own test context. */
export function useStaffedCompanies(options: Parameters<typeof arrangeStaffedCompanies>[1] = {}): StaffedCompanies & { ctx: TestContext } {
  const ctx = useTestContext();
  const world: StaffedCompanies = {
    companyA: placeholder(),
    companyB: placeholder(),
    employee: placeholder(),
    colleague: placeholder(),
    supervisor: placeholder(),
    foreignSupervisor: placeholder(),
    foreignEmployee: placeholder(),
    admin: placeholder(),
  };
  arrangeInPlace(world, () => arrangeStaffedCompanies(ctx, options));
  return { ctx, ...world };
}

/** Takes `view` from `role` in the company, as its administrator may (decision 5); the role keeps every other view. */
export async function withholdView(ctx: TestContext, companyId: string, role: 'Empleado' | 'Supervisor', view: string) {
  await ctx.db
    .deleteFrom('company_permissions')
    .where('company_id', '=', companyId)
    .where('role_id', '=', defaultRoleIds[role])
    .where('view_id', '=', view)
    .execute();
}

/** Someone of `role`, signed in, in a new company (`companyName`) that then withholds `view` from that role. */
export async function signInWhereViewWithheld(ctx: TestContext, companyName: string, role: 'Empleado' | 'Supervisor', view: string) {
  const restricted = await ctx.factories.company(companyName);
  const user = await signInAs(ctx, role, restricted.id);
  await withholdView(ctx, restricted.id, role, view);
  return user;
}
