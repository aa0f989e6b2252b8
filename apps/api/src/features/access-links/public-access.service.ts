import { accessTokenSchema, accessUseKindLabels, type AccessLinkUse, type PublicAccessResponse } from '@jornada/shared/schemas/access-links';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendAction } from '../../ledgers/action-log/action-log';
import { dayRangeInstants } from '../registro/registro-document';
import { loadRegistroDocument } from '../registro/registro-loader';
import { anchorPrintedHead } from '../../ledgers/registro-chain/registro-anchors';
import * as links from './access-links.repository';
import { formatPeriod, hashAccessToken, linkState } from './access-links.service';
import { ACCESS_PAGE_SIZE, listLegalRecords, toAccessRecord } from './access-records.repository';
import { renderRegistroFile, type RegistroFile, type RegistroFormat } from './registro-download';

export interface PublicAccessDeps {
  db: Kysely<DB>;
  clock: Clock;
  timeZone: string;
}

export const LINK_UNKNOWN_MESSAGE = 'Este enlace de acceso no existe.';

/**
 * The link behind a token, if it may still be used: an unknown token is a 404, a revoked or expired
 * one a 410 with its reason (the holder once had a valid link, so the reason leaks nothing).
 */
export async function openLink(deps: PublicAccessDeps, token: string): Promise<links.AccessLinkRow> {
  if (!accessTokenSchema.safeParse(token).success) throw notFound(LINK_UNKNOWN_MESSAGE);
  const link = await links.findLinkByTokenHash(deps.db, hashAccessToken(token));
  if (!link) throw notFound(LINK_UNKNOWN_MESSAGE);
  const state = linkState(link, deps.clock());
  if (state === 'revocado') throw new AppError(410, 'ACCESS_LINK_REVOKED');
  if (state === 'caducado') throw new AppError(410, 'ACCESS_LINK_EXPIRED');
  return link;
}

/** Every use is written before any data leaves: if the log cannot be written, nothing is shown. */
export async function recordUse(deps: PublicAccessDeps, link: links.AccessLinkRow, kind: AccessLinkUse['kind'], ip: string | null): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await links.insertUse(trx, { id: newId('accuse'), linkId: link.id, companyId: link.company_id, usedAt: now.toISOString(), kind, ip });
    await appendAction(trx, {
      actorId: null,
      actorName: 'Enlace de acceso',
      companyId: link.company_id,
      kind: 'access-link.use',
      message: `${accessUseKindLabels[kind]} del registro de jornada (${formatPeriod(link.range_from, link.range_to)}) con el enlace para «${link.purpose}»${ip ? ` desde ${ip}` : ''}`,
      at: now,
    });
  });
}

/** GET /api/public/access/:token — one page of the range's records, logged as a 'view'. */
export async function viewLink(deps: PublicAccessDeps, token: string, query: { cursor?: string }, ip: string | null): Promise<PublicAccessResponse> {
  const link = await openLink(deps, token);
  const after = query.cursor ? (decodeCursor(query.cursor, 2) as [string, string]) : undefined;
  await recordUse(deps, link, 'view', ip);
  const instants = dayRangeInstants(link.range_from, link.range_to, deps.timeZone);
  const range = { start: instants.start.toISOString(), end: instants.end.toISOString() };
  const rows = await listLegalRecords(deps.db, { companyId: link.company_id }, range, { after, limit: ACCESS_PAGE_SIZE });
  const page = pageOf(rows, ACCESS_PAGE_SIZE, (row) => [row.start_time, row.id]);
  return {
    companyName: link.company_name,
    from: link.range_from,
    to: link.range_to,
    purpose: link.purpose,
    expiresAt: link.expires_at,
    timeZone: deps.timeZone,
    records: page.items.map((row) => toAccessRecord(row, deps.timeZone)),
    nextCursor: page.nextCursor,
  };
}

/** GET /api/public/access/:token/download — the range as the monthly record's PDF or CSV, logged. */
export async function downloadLink(deps: PublicAccessDeps, token: string, format: RegistroFormat, ip: string | null): Promise<RegistroFile> {
  const link = await openLink(deps, token);
  await recordUse(deps, link, format, ip);
  const document = await loadRegistroDocument(deps.db, {
    companyId: link.company_id,
    from: link.range_from,
    to: link.range_to,
    timeZone: deps.timeZone,
    generatedAt: deps.clock(),
    workers: 'with-records',
  });
  // The link's company exists (its deletion deletes its links), so the document does too.
  // The copy the inspector takes away prints the chain's head, recorded as an anchor (decision 031).
  const chainHead = await anchorPrintedHead(deps.db, link.company_id, `Inspección: ${link.company_name} ${link.range_from} a ${link.range_to} (${format.toUpperCase()})`, deps.clock());
  return renderRegistroFile({ ...document!, chainHead }, format, link.company_name);
}

// What other features may use of this feature's storage: they reach it through the service (issue 22).

export { ACCESS_PAGE_SIZE, listLegalRecords, toAccessRecord } from './access-records.repository';
