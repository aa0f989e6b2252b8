import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import { correctionDecided, correctionProposed } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import { companySupervisorIds } from '../notifications/recipients';
import type { AmendmentRow } from './corrections.repository';

type Proposal = Pick<AmendmentRow, 'company_id' | 'user_id' | 'record_id' | 'proposed_by' | 'proposer_side'>;

/**
 * Issue 23, item 5: a correction reaches the other side, the one that must decide it (decision 017's
 * dual approval): the worker for the company's proposals; the company's supervisors for the
 * worker's (never the worker, even a supervisor proposing for their own record).
 */
export async function notifyProposal(trx: Kysely<DB>, actor: Actor, proposal: Proposal, interval: string, at: Date): Promise<void> {
  const recipients = proposal.proposer_side === 'empresa' ? [proposal.user_id] : (await companySupervisorIds(trx, proposal.company_id)).filter((id) => id !== proposal.user_id);
  await notify(trx, { companyId: proposal.company_id, recipients, message: correctionProposed(actor.name, proposal.record_id === null, interval), at, actorId: actor.userId });
}

/**
 * The decision reaches the proposer. A company-side proposal made by the platform Administrador
 * (outside every company, no notifications) or by a supervisor gone since reaches the company's
 * supervisors instead, so the company side hears the worker's answer.
 */
export async function notifyDecision(trx: Kysely<DB>, actor: Actor, proposal: Proposal, status: 'aprobada' | 'rechazada', interval: string, at: Date): Promise<void> {
  const message = correctionDecided(status, actor.name, interval);
  const told = await notify(trx, { companyId: proposal.company_id, recipients: [proposal.proposed_by], message, at, actorId: actor.userId });
  if (told === 0 && proposal.proposer_side === 'empresa') {
    await notify(trx, { companyId: proposal.company_id, recipients: await companySupervisorIds(trx, proposal.company_id), message, at, actorId: actor.userId });
  }
}
