import type { Kysely } from 'kysely';
import type { AccessLinkUse } from '@jornada/shared/schemas/access-links';
import type { AccessLinksTable, DB } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';

/** A screen shows the newest links; older ones stay in the database and the action log. */
export const MAX_LINKS_LISTED = 200;
export const MAX_USES_LISTED = 500;

export interface AccessLinkRow extends AccessLinksTable {
  company_name: string;
  use_count: number;
  last_used_at: string | null;
}

const linkColumns = [
  'access_links.id',
  'access_links.company_id',
  'access_links.token_hash',
  'access_links.range_from',
  'access_links.range_to',
  'access_links.purpose',
  'access_links.created_by',
  'access_links.created_by_name',
  'access_links.created_at',
  'access_links.expires_at',
  'access_links.revoked_at',
  'access_links.revoked_by_name',
  'companies.name as company_name',
] as const;

/** Links with their company name and use counts: correlated subqueries on the (link_id, used_at) index, never one query per link. */
function selectLinks(db: Kysely<DB>) {
  return db
    .selectFrom('access_links')
    .innerJoin('companies', 'companies.id', 'access_links.company_id')
    .select((eb) => [
      ...linkColumns,
      eb.selectFrom('access_link_uses').select((sub) => sub.fn.countAll<number | string>().as('count')).whereRef('access_link_uses.link_id', '=', 'access_links.id').as('use_count'),
      eb.selectFrom('access_link_uses').select((sub) => sub.fn.max('used_at').as('max')).whereRef('access_link_uses.link_id', '=', 'access_links.id').as('last_used_at'),
    ]);
}

type SelectedLink = Omit<AccessLinkRow, 'use_count' | 'last_used_at'> & { use_count: number | string | null; last_used_at: string | null };

const toRow = (row: SelectedLink): AccessLinkRow => ({ ...row, use_count: Number(row.use_count ?? 0), last_used_at: row.last_used_at ?? null });

export async function listLinks(db: Kysely<DB>, scope: CompanyScope, companyId?: string): Promise<AccessLinkRow[]> {
  const rows = await selectLinks(db)
    .$if(scope.kind === 'company', (q) => q.where('access_links.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .$if(companyId !== undefined, (q) => q.where('access_links.company_id', '=', companyId as string))
    .orderBy('access_links.created_at', 'desc')
    .orderBy('access_links.id', 'desc')
    .limit(MAX_LINKS_LISTED)
    .execute();
  return rows.map(toRow);
}

export async function findLink(db: Kysely<DB>, scope: CompanyScope, id: string): Promise<AccessLinkRow | undefined> {
  const row = await selectLinks(db)
    .where('access_links.id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('access_links.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return row && toRow(row);
}

/** The public side: a link is found only by the hash of its token (unique index). */
export async function findLinkByTokenHash(db: Kysely<DB>, tokenHash: string): Promise<AccessLinkRow | undefined> {
  const row = await selectLinks(db).where('access_links.token_hash', '=', tokenHash).executeTakeFirst();
  return row && toRow(row);
}

export async function insertLink(db: Kysely<DB>, row: AccessLinksTable): Promise<void> {
  await db.insertInto('access_links').values(row).execute();
}

/** Revokes once: a second revoke (or a race) changes nothing and reports false. */
export async function revokeLink(db: Kysely<DB>, id: string, at: string, byName: string): Promise<boolean> {
  const result = await db
    .updateTable('access_links')
    .set({ revoked_at: at, revoked_by_name: byName })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertUse(db: Kysely<DB>, use: { id: string; linkId: string; companyId: string; usedAt: string; kind: AccessLinkUse['kind']; ip: string | null }): Promise<void> {
  await db
    .insertInto('access_link_uses')
    .values({ id: use.id, link_id: use.linkId, company_id: use.companyId, used_at: use.usedAt, kind: use.kind, ip: use.ip })
    .execute();
}

export async function listUses(db: Kysely<DB>, linkId: string): Promise<AccessLinkUse[]> {
  const rows = await db
    .selectFrom('access_link_uses')
    .select(['id', 'used_at', 'kind', 'ip'])
    .where('link_id', '=', linkId)
    .orderBy('used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_USES_LISTED)
    .execute();
  return rows.map((row) => ({ id: row.id, usedAt: row.used_at, kind: row.kind, ip: row.ip }));
}

/** Company deletion (companies.repository's cascade): a deleted company's links open nothing. */
export async function deleteCompanyLinks(db: Kysely<DB>, companyId: string): Promise<void> {
  await db.deleteFrom('access_link_uses').where('company_id', '=', companyId).execute();
  await db.deleteFrom('access_links').where('company_id', '=', companyId).execute();
}
