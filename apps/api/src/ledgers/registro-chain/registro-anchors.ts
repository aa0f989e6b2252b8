import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * The company's chain head as it is printed on a document (monthly record, Inspección download;
 * decision 031), recorded as an anchor: copies held outside Jornada carry it, and verification
 * reports a chain whose head later goes back below the last printed one. Null when the company has
 * no chain yet (nothing is recorded then).
 */
export async function anchorPrintedHead(db: Kysely<DB>, companyId: string, document: string, at: Date): Promise<ChainHead | null> {
  const head = await db.selectFrom('registro_chain_heads').select(['seq', 'hash']).where('company_id', '=', companyId).executeTakeFirst();
  if (!head || Number(head.seq) === 0) return null;
  const printed = { seq: Number(head.seq), hash: head.hash };
  await db
    .insertInto('registro_chain_anchors')
    .values({ id: newId('anc'), company_id: companyId, seq: printed.seq, hash: printed.hash, document: document.slice(0, 200), printed_at: at.toISOString() })
    .execute();
  return printed;
}

/** The text documents print: 'entrada 42 · 9f86d081…' in full, so a reader can compare it by eye or by tool. */
export function chainHeadText(head: ChainHead | null | undefined): string {
  return head ? `Cadena del registro: entrada ${head.seq}, hash ${head.hash}` : 'Cadena del registro: sin entradas';
}
