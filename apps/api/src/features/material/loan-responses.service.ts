import type { Kysely } from 'kysely';
import { describeLoanItems, statusesOfMyView, stockDemandsOf, type LoanStatus, type MyLoanView } from '@jornada/shared/material';
import type { MaterialLoan, MyLoans } from '@jornada/shared/schemas/material';
import type { DB } from '../../db/schema';
import { scopeOf, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { loanDenied } from '../notifications/notification-messages';
import { notify, type NotificationMessage } from '../notifications/notify';
import * as loans from './loans.repository';
import { LOAN_NOT_FOUND_MESSAGE, requireLoanEmployee } from './material-access';
import { returnStock } from './material.repository';
import { insertFiles, type NewFile } from '../../ledgers/files/files.repository';
import { newStoredFile } from '../../ledgers/files/stored-files';
import { parseSignature } from './signature';

export const NOT_PENDING_MESSAGE = 'Este préstamo ya no está pendiente de confirmación.';
export const NO_RETURN_PENDING_MESSAGE = 'Este préstamo no tiene una devolución pendiente.';
const MAX_MY_LOANS = 100;

/** The employee's loans: what waits for them ('pending', overview) or what they hold ('held', account). */
export async function listMyLoans(deps: ServiceDeps, actor: Actor, view: MyLoanView): Promise<MyLoans> {
  requireLoanEmployee(actor);
  const rows = await loans.listEmployeeLoans(deps.db, actor.userId, statusesOfMyView(view), MAX_MY_LOANS);
  return { items: rows.slice(0, MAX_MY_LOANS), truncated: rows.length > MAX_MY_LOANS };
}

/** The caller's own loan; anyone else's is not there (404, no probing). */
async function requireOwnLoan(deps: ServiceDeps, actor: Actor, id: string): Promise<MaterialLoan> {
  requireLoanEmployee(actor);
  const loan = await loans.findLoan(deps.db, scopeOf(actor), id, { employeeId: actor.userId });
  if (!loan) throw notFound(LOAN_NOT_FOUND_MESSAGE);
  return loan;
}

interface LoanStep {
  from: LoanStatus;
  to: LoanStatus;
  set: NonNullable<loans.LoanTransition['set']>;
  /** The receipt signature, stored in the step's transaction (gone with it when the step is refused). */
  file?: NewFile;
  /** Denied and returned loans put their units back in stock. */
  restock: boolean;
  refusal: string;
  kind: string;
  message: (loan: MaterialLoan) => string;
  /** Who hears of the step, and what (the lender of a denied loan). */
  tell?: { recipient: (loan: MaterialLoan) => string; message: (loan: MaterialLoan) => NotificationMessage };
}

/**
 * One step of the employee's side in one transaction: the conditional status change first (a loan
 * changes state once, whatever the number of taps or devices), then the stock, then the log.
 */
async function respond(db: Kysely<DB>, actor: Actor, loan: MaterialLoan, now: Date, step: LoanStep): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (step.file) await insertFiles(trx, [step.file]);
    const changed = await loans.transitionLoan(trx, { id: loan.id, employeeId: actor.userId, from: step.from, to: step.to, set: step.set });
    if (!changed) throw new AppError(409, 'LOAN_STATUS_CONFLICT', step.refusal);
    if (step.restock) {
      for (const demand of stockDemandsOf(await loans.findLoanLines(trx, loan.id))) await returnStock(trx, demand);
    }
    await appendActorAction(trx, actor, now, { companyId: loan.companyId, kind: step.kind, message: step.message(loan) });
    if (step.tell) await notify(trx, { companyId: loan.companyId, recipients: [step.tell.recipient(loan)], message: step.tell.message(loan), at: now, actorId: actor.userId });
  });
}

/** '¡Material Confirmado!': the receipt, signed (spec section 5: the signature is required). */
export async function confirmLoan(deps: ServiceDeps, actor: Actor, id: string, signature: string): Promise<MaterialLoan> {
  requireLoanEmployee(actor);
  const bytes = parseSignature(signature);
  const loan = await requireOwnLoan(deps, actor, id);
  const now = deps.clock();
  // One store for signatures (decision 036): a PNG in `files`, owned by the employee who signed.
  const file = newStoredFile({ name: 'firma.png', bytes }, { companyId: loan.companyId, ownerId: actor.userId }, 'signature', now);
  await respond(deps.db, actor, loan, now, {
    from: 'Pendiente de confirmación',
    to: 'Confirmado',
    set: { confirmation_date: now.toISOString(), signature_file_id: file.id },
    file,
    restock: false,
    refusal: NOT_PENDING_MESSAGE,
    kind: 'loan.confirm',
    message: (current) => `${actor.name} ha confirmado la recepción de ${describeLoanItems(current.lentItems)}`,
  });
  return requireOwnLoan(deps, actor, id);
}

/** 'Has denegado la recepción del material.': the units go back to stock. A confirmed loan cannot be denied. */
export async function denyLoan(deps: ServiceDeps, actor: Actor, id: string): Promise<MaterialLoan> {
  const loan = await requireOwnLoan(deps, actor, id);
  const now = deps.clock();
  await respond(deps.db, actor, loan, now, {
    from: 'Pendiente de confirmación',
    to: 'Denegado',
    set: { denial_date: now.toISOString() },
    restock: true,
    refusal: NOT_PENDING_MESSAGE,
    kind: 'loan.deny',
    message: (current) => `${actor.name} ha denegado la recepción de ${describeLoanItems(current.lentItems)}`,
    tell: { recipient: (current) => current.supervisorId, message: (current) => loanDenied(actor.name, describeLoanItems(current.lentItems)) },
  });
  return requireOwnLoan(deps, actor, id);
}

/** 'Devuelto': the employee confirms the requested return; the units go back and the loan leaves the lists. */
export async function confirmReturn(deps: ServiceDeps, actor: Actor, id: string): Promise<MaterialLoan> {
  const loan = await requireOwnLoan(deps, actor, id);
  const now = deps.clock();
  await respond(deps.db, actor, loan, now, {
    from: 'Pendiente de devolución',
    to: 'Devuelto',
    set: { return_date: now.toISOString() },
    restock: true,
    refusal: NO_RETURN_PENDING_MESSAGE,
    kind: 'loan.return',
    message: (current) => `${actor.name} ha devuelto ${describeLoanItems(current.lentItems)}`,
  });
  return requireOwnLoan(deps, actor, id);
}
