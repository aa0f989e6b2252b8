import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import { monthKeyOf } from '@jornada/shared/format';
import type { DB } from '../db/schema';
import { hashAccessToken, newAccessToken } from '../features/access-links/access-links.service';
import { appendAction } from '../ledgers/action-log/action-log';
import { newId } from '../lib/ids';

const DAY_MS = 86_400_000;

/**
 * Demo 'Accesos de Inspección': an active link for last month and this one (its token is returned so
 * the demo can print the URL once, as it prints passwords) and an older revoked one with a use.
 */
export async function seedDemoAccessLinks(db: Kysely<DB>, companyId: string, now: Date): Promise<string> {
  const supervisor = await db.selectFrom('users').select(['id', 'name']).where('company_id', '=', companyId).where('username', '=', 'demo.supervisora').executeTakeFirstOrThrow();
  const thisMonth = monthKeyOf(now);
  const previousMonth = monthKeyOf(new Date(Date.parse(`${thisMonth}-01T12:00:00Z`) - 15 * DAY_MS));
  const token = newAccessToken();
  const base = { company_id: companyId, created_by: supervisor.id, created_by_name: supervisor.name };
  const revokedId = newId('acc');
  await db
    .insertInto('access_links')
    .values([
      {
        ...base,
        id: newId('acc'),
        token_hash: hashAccessToken(token),
        range_from: `${previousMonth}-01`,
        range_to: dayKeyOf(now),
        purpose: 'Inspección de Trabajo y Seguridad Social, requerimiento de demostración',
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 30 * DAY_MS).toISOString(),
        revoked_at: null,
        revoked_by_name: null,
      },
      {
        ...base,
        id: revokedId,
        token_hash: hashAccessToken(newAccessToken()),
        range_from: `${previousMonth}-01`,
        range_to: `${previousMonth}-15`,
        purpose: 'Comité de empresa: consulta de horas extraordinarias',
        created_at: new Date(now.getTime() - 10 * DAY_MS).toISOString(),
        expires_at: new Date(now.getTime() - 3 * DAY_MS).toISOString(),
        revoked_at: new Date(now.getTime() - 8 * DAY_MS).toISOString(),
        revoked_by_name: supervisor.name,
      },
    ])
    .execute();
  await db
    .insertInto('access_link_uses')
    .values({ id: newId('accuse'), link_id: revokedId, company_id: companyId, used_at: new Date(now.getTime() - 9 * DAY_MS).toISOString(), kind: 'view', ip: '192.0.2.10' })
    .execute();
  await appendAction(db, {
    actorId: supervisor.id,
    actorName: supervisor.name,
    companyId,
    kind: 'access-link.create',
    message: `${supervisor.name} ha creado un enlace de acceso al registro de jornada para la Inspección de Trabajo (datos de demostración)`,
    at: now,
  });
  return token;
}
