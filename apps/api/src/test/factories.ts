import type { Kysely } from 'kysely';
import { defaultRoleIds, type RoleName } from '@jornada/shared/permissions';
import type { DB } from '../db/schema';
import { insertCompanyWithDefaults } from '../features/companies/companies.repository';
import { hashPassword } from '../lib/passwords';
import { newId } from '../lib/ids';

export const TEST_PASSWORD = 'Prueba-Segura1!';

let passwordHash: Promise<string> | undefined;
let sequence = 0;

/** Arrange helpers that write straight to the database, so tests state only what matters to them. */
export function createFactories(db: Kysely<DB>, clock: () => Date) {
  return {
    async company(name = `Empresa ${++sequence}`) {
      const id = newId('comp');
      await db.transaction().execute((trx) => insertCompanyWithDefaults(trx, { id, name, createdAt: clock() }));
      return { id, name };
    },
    async category(options: { name?: string; priceCents?: number | null; companyIds?: string[] } = {}) {
      const id = newId('cat');
      const name = options.name ?? `Categoría ${++sequence}`;
      await db.insertInto('categories').values({ id, name, price_cents: options.priceCents ?? null, created_at: clock().toISOString() }).execute();
      const companyIds = options.companyIds ?? [];
      if (companyIds.length > 0) {
        await db.insertInto('company_categories').values(companyIds.map((companyId) => ({ company_id: companyId, category_id: id }))).execute();
      }
      return { id, name };
    },
    async user(options: {
      role: RoleName;
      companyId?: string | null;
      name?: string;
      username?: string;
      disabled?: boolean;
      deleted?: boolean;
      categoryIds?: string[];
    }) {
      const id = newId('user');
      const username = options.username ?? `usuario${++sequence}`;
      const name = options.name ?? `Persona ${sequence}`;
      const at = clock().toISOString();
      passwordHash ??= hashPassword(TEST_PASSWORD);
      await db
        .insertInto('users')
        .values({
          id,
          name,
          username,
          password_hash: await passwordHash,
          role_id: defaultRoleIds[options.role],
          company_id: options.role === 'Administrador' ? null : (options.companyId ?? null),
          email: `${username}@example.test`,
          is_disabled: options.disabled || options.deleted ? 1 : 0,
          is_deleted: options.deleted ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const categoryIds = options.categoryIds ?? [];
      if (categoryIds.length > 0) {
        await db.insertInto('user_categories').values(categoryIds.map((categoryId) => ({ user_id: id, category_id: categoryId }))).execute();
      }
      return { id, username, name, password: TEST_PASSWORD, companyId: options.companyId ?? null };
    },
  };
}

export type Factories = ReturnType<typeof createFactories>;

/** An event written straight to the database (status follows the test clock), with its staff. */
export async function insertTestEvent(
  db: Kysely<DB>,
  options: { companyId: string; start: string; end: string; name?: string; location?: string; assignedTo?: string[]; type?: 'momentary' | 'constant' },
) {
  const id = newId('evt');
  const name = options.name ?? `Evento ${++sequence}`;
  await db
    .insertInto('events')
    .values({
      id,
      company_id: options.companyId,
      name,
      location: options.location ?? 'Recinto Ferial',
      start_time: new Date(options.start).toISOString(),
      end_time: new Date(options.end).toISOString(),
      type: options.type ?? 'momentary',
      repeat_days: '',
      finished_early_at: null,
      created_at: new Date(options.start).toISOString(),
      created_by: null,
    })
    .execute();
  const assigned = options.assignedTo ?? [];
  if (assigned.length > 0) await db.insertInto('event_assignments').values(assigned.map((userId) => ({ event_id: id, user_id: userId }))).execute();
  return { id, name };
}
