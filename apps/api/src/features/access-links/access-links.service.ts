import { createHash, randomBytes } from 'node:crypto';
import type { AccessLink, AccessLinkUse, AccessLinksResponse, CreateAccessLinkResponse } from '@jornada/shared/schemas/access-links';
import type { z } from 'zod';
import type { createAccessLinkRequestSchema } from '@jornada/shared/schemas/access-links';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { findExistingCompanyIds } from '../../db/tenant-lookups';
import { formatDay } from '../registro/registro-document';
import * as links from './access-links.repository';

export const LINK_NOT_FOUND_MESSAGE = 'No se ha encontrado el enlace de acceso.';
const DAY_MS = 86_400_000;
const managers = ['Supervisor', 'Administrador'] as const;

/** 32 random bytes as base64url: 43 characters, 256 bits, safe in a URL path. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function linkState(link: { expires_at: string; revoked_at: string | null }, now: Date): AccessLink['state'] {
  if (link.revoked_at) return 'revocado';
  return Date.parse(link.expires_at) <= now.getTime() ? 'caducado' : 'activo';
}

export function toAccessLink(row: links.AccessLinkRow, now: Date): AccessLink {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    from: row.range_from,
    to: row.range_to,
    purpose: row.purpose,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revokedByName: row.revoked_by_name,
    state: linkState(row, now),
    useCount: row.use_count,
    lastUsedAt: row.last_used_at,
  };
}

/** A period as people read it in the log: '01/10/2026–31/10/2026'. */
export function formatPeriod(from: string, to: string): string {
  return `${formatDay(from)}–${formatDay(to)}`;
}

/** A supervisor's link is for their own company; an administrator names an existing company. */
async function targetCompany(deps: ServiceDeps, actor: Actor, companyId: string | undefined): Promise<string> {
  const scope = scopeOf(actor);
  if (scope.kind === 'company') {
    if (companyId !== undefined && companyId !== scope.companyId) throw unprocessable('Solo puedes crear enlaces para tu empresa.');
    return scope.companyId;
  }
  if (!companyId) throw badRequest('Elige la empresa del enlace.');
  if ((await findExistingCompanyIds(deps.db, [companyId])).length === 0) throw unprocessable('La empresa indicada no existe.');
  return companyId;
}

export async function createAccessLink(
  deps: ServiceDeps,
  actor: Actor,
  input: z.output<typeof createAccessLinkRequestSchema>,
): Promise<CreateAccessLinkResponse> {
  requireRole(actor, managers);
  const companyId = await targetCompany(deps, actor, input.companyId);
  const now = deps.clock();
  const token = newAccessToken();
  const id = newId('acc');
  await deps.db.transaction().execute(async (trx) => {
    await links.insertLink(trx, {
      id,
      company_id: companyId,
      token_hash: hashAccessToken(token),
      range_from: input.from,
      range_to: input.to,
      purpose: input.purpose,
      created_by: actor.userId,
      created_by_name: actor.name,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
      revoked_at: null,
      revoked_by_name: null,
    });
    await appendActorAction(trx, actor, now, {
      companyId,
      kind: 'access-link.create',
      message: `${actor.name} ha creado un enlace de acceso al registro de jornada (${formatPeriod(input.from, input.to)}, ${input.expiresInDays} días) para «${input.purpose}»`,
    });
  });
  const row = await links.findLink(deps.db, scopeOf(actor), id);
  return { link: toAccessLink(row!, now), token };
}

export async function listAccessLinks(deps: ServiceDeps, actor: Actor, query: { companyId?: string }): Promise<AccessLinksResponse> {
  requireRole(actor, managers);
  const now = deps.clock();
  const rows = await links.listLinks(deps.db, scopeOf(actor), query.companyId);
  return { links: rows.map((row) => toAccessLink(row, now)) };
}

async function findInScope(deps: ServiceDeps, actor: Actor, id: string): Promise<links.AccessLinkRow> {
  requireRole(actor, managers);
  const row = await links.findLink(deps.db, scopeOf(actor), id);
  if (!row) throw notFound(LINK_NOT_FOUND_MESSAGE);
  return row;
}

export async function revokeAccessLink(deps: ServiceDeps, actor: Actor, id: string): Promise<AccessLink> {
  const row = await findInScope(deps, actor, id);
  if (row.revoked_at) throw conflict('El enlace ya estaba revocado.');
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await links.revokeLink(trx, id, now.toISOString(), actor.name))) throw conflict('El enlace ya estaba revocado.');
    await appendActorAction(trx, actor, now, {
      companyId: row.company_id,
      kind: 'access-link.revoke',
      message: `${actor.name} ha revocado el enlace de acceso al registro de jornada (${formatPeriod(row.range_from, row.range_to)}) para «${row.purpose}»`,
    });
  });
  return toAccessLink((await links.findLink(deps.db, scopeOf(actor), id))!, now);
}

export async function listAccessLinkUses(deps: ServiceDeps, actor: Actor, id: string): Promise<{ uses: AccessLinkUse[] }> {
  const row = await findInScope(deps, actor, id);
  return { uses: await links.listUses(deps.db, row.id) };
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { deleteCompanyLinks } from './access-links.repository';
