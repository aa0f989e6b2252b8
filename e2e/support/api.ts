import { randomBytes } from 'node:crypto';
import { request, type APIRequestContext } from '@playwright/test';
import { defaultRoleIds, type RoleName } from '@jornada/shared/permissions';
import type { Category } from '@jornada/shared/schemas/categories';
import type { Company } from '@jornada/shared/schemas/companies';
import { admin } from './credentials';

/** Arrange through the API (as the web client does: same cookie, CSRF header), act through the UI. */
export interface ApiSession {
  context: APIRequestContext;
  post: <T = unknown>(path: string, data?: unknown) => Promise<T>;
  put: <T = unknown>(path: string, data?: unknown) => Promise<T>;
  get: <T = unknown>(path: string) => Promise<T>;
  dispose: () => Promise<void>;
}

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export async function apiSession(username: string, password: string): Promise<ApiSession> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'jornada' } });
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const response = await context[method](`/api${path}`, data === undefined ? {} : { data });
    if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path} → ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  await call('post', '/auth/login', { username, password });
  return {
    context,
    post: (path, data) => call('post', path, data ?? {}),
    put: (path, data) => call('put', path, data ?? {}),
    get: (path) => call('get', path),
    dispose: () => context.dispose(),
  };
}

export function adminSession(): Promise<ApiSession> {
  return apiSession(admin.username, admin.password);
}

export const uniqueSuffix = () => randomBytes(3).toString('hex');

/** A password that satisfies the spec's rule, different for every person. */
export const newPassword = () => `Clave-${randomBytes(6).toString('hex')}A!`;

export interface TestPerson {
  id: string;
  name: string;
  username: string;
  password: string;
  role: RoleName;
}

/** Runs `use` with an API session of `person`, closed afterwards whatever happens. */
export async function withApi<T>(person: TestPerson, use: (api: ApiSession) => Promise<T>): Promise<T> {
  const api = await apiSession(person.username, person.password);
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

export async function createCompany(api: ApiSession, name = `Empresa ${uniqueSuffix()}`): Promise<{ id: string; name: string }> {
  return api.post('/companies', { name });
}

export async function createPerson(
  api: ApiSession,
  options: { role: RoleName; companyId: string | null; name?: string; categoryIds?: string[] },
): Promise<TestPerson> {
  const suffix = uniqueSuffix();
  const person = {
    name: options.name ?? `${options.role} ${suffix}`,
    username: `${options.role.toLowerCase()}.${suffix}`,
    password: newPassword(),
  };
  const created = await api.post<{ id: string }>('/users', {
    ...person,
    email: `${person.username}@example.test`,
    roleId: defaultRoleIds[options.role],
    companyId: options.companyId,
    categoryIds: options.categoryIds ?? [],
  });
  return { id: created.id, role: options.role, ...person };
}

/** A company with a supervisor and an employee, ready for a flow. */
export async function createTeam(api: ApiSession) {
  const company = await createCompany(api);
  const supervisor = await createPerson(api, { role: 'Supervisor', companyId: company.id });
  const employee = await createPerson(api, { role: 'Empleado', companyId: company.id });
  return { company, supervisor, employee };
}

/** Makes a company offer one of the seed categories (e.g. 'Vigilante', 22,50 €/hora), so its people can hold it. */
export async function offerSeedCategory(api: ApiSession, companyId: string, name: string): Promise<Category> {
  const category = (await api.get<Category[]>('/categories')).find((candidate) => candidate.name === name);
  if (!category) throw new Error(`seed category ${name} missing`);
  const current = (await api.get<Company[]>('/companies')).find((candidate) => candidate.id === companyId);
  await api.put(`/companies/${companyId}/assignments`, { assignedRoles: current?.assignedRoles ?? [], assignedCategories: [...(current?.assignedCategories ?? []), category.id] });
  return category;
}
