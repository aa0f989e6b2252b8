import type { MailPage } from '@jornada/shared/schemas/mail';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { listMails } from './mail.repository';

/** 'Correos enviados': the whole outbox, newest first (platform Administrador only, checked by the route). */
export async function listOutbox(deps: ServiceDeps, query: { cursor?: string; limit: number }): Promise<MailPage> {
  const after = query.cursor ? (decodeCursor(query.cursor, 2) as [string, string]) : undefined;
  const rows = await listMails(deps.db, { after, limit: query.limit + 1 });
  const companyIds = [...new Set(rows.flatMap((row) => (row.company_id ? [row.company_id] : [])))];
  const companies = companyIds.length
    ? await deps.db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute()
    : [];
  const nameOf = new Map(companies.map((company) => [company.id, company.name]));
  const page = pageOf(rows, query.limit, (row) => [row.created_at, row.id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      companyName: row.company_id ? (nameOf.get(row.company_id) ?? null) : null,
      kind: row.kind,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      sentAt: row.sent_at,
    })),
  };
}
