import { describeLoanItems, statusesOfFilter, stockDemandsOf } from '@jornada/shared/material';
import {
  insufficientStockMessage,
  type CreateLoanInput,
  type LendableEmployees,
  type LoanListQuery,
  type LoanPage,
  type MaterialLoan,
} from '@jornada/shared/schemas/material';
import { scopeOf, type Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { dayRangeInstants } from '../../lib/list-filters';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { loanCreated, loanReturnRequested } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import * as loans from './loans.repository';
import { companyFilter, COMPANY_REQUIRED_MESSAGE, LOAN_NOT_FOUND_MESSAGE, requireMaterialManager } from './material-access';
import { findCompanyMaterials, takeStock } from './material.repository';

export const NOT_LENDABLE_MESSAGE = 'Solo se puede prestar material a los empleados de la empresa.';
export const UNKNOWN_MATERIAL_MESSAGE = 'El material seleccionado no existe en la empresa.';
export const RETURN_NEEDS_CONFIRMED_MESSAGE = 'Solo se puede solicitar la devolución de material confirmado.';
const MAX_LENDABLE_EMPLOYEES = 1000;

/** The lend dialog's 'Empleado' choices: the company's Empleado users with access (spec section 6). */
export async function listLendableEmployees(deps: ServiceDeps, actor: Actor, query: { companyId?: string }): Promise<LendableEmployees> {
  const scope = requireMaterialManager(actor);
  const companyId = companyFilter(scope, query.companyId);
  if (!companyId) throw badRequest(COMPANY_REQUIRED_MESSAGE);
  return { employees: await loans.listLendableEmployees(deps.db, companyId, MAX_LENDABLE_EMPLOYEES) };
}

/**
 * 'Prestar material': the loan starts 'Pendiente de confirmación' and its units leave the stock in
 * the same transaction. Each size is taken with a conditional update, so the stock never goes below
 * zero however many loans race for it; the first size short of units rolls everything back.
 */
export async function createLoan(deps: ServiceDeps, actor: Actor, input: CreateLoanInput): Promise<MaterialLoan> {
  const scope = requireMaterialManager(actor);
  // An administrator lends within the employee's company; a supervisor only within their own.
  const companyId = scope.kind === 'company' ? scope.companyId : await loans.findUserCompany(deps.db, input.employeeId);
  const employee = companyId ? await loans.findLendableEmployee(deps.db, companyId, input.employeeId) : undefined;
  if (!companyId || !employee) throw unprocessable(NOT_LENDABLE_MESSAGE);

  const lines = input.items.map((item) => ({ materialId: item.materialId, size: item.size as string, quantity: item.quantity as number }));
  const found = await findCompanyMaterials(deps.db, companyId, [...new Set(lines.map((line) => line.materialId))]);
  const nameOf = new Map(found.map((material) => [material.id, material.name]));
  if (lines.some((line) => !nameOf.has(line.materialId))) throw unprocessable(UNKNOWN_MATERIAL_MESSAGE);
  const items = lines.map((line) => ({ ...line, materialName: nameOf.get(line.materialId)! }));

  const now = deps.clock();
  const id = newId('loan');
  await deps.db.transaction().execute(async (trx) => {
    for (const demand of stockDemandsOf(items)) {
      if (!(await takeStock(trx, demand))) {
        throw new AppError(409, 'INSUFFICIENT_STOCK', insufficientStockMessage(nameOf.get(demand.materialId)!, demand.size));
      }
    }
    await loans.insertLoan(trx, {
      id,
      companyId,
      employee,
      supervisor: { id: actor.userId, name: actor.name },
      loanDate: now.toISOString(),
      items,
    });
    await appendActorAction(trx, actor, now, {
      companyId,
      kind: 'loan.create',
      message: `${actor.name} ha prestado material a ${employee.name}: ${describeLoanItems(items)}`,
    });
    await notify(trx, { companyId, recipients: [employee.id], message: loanCreated(actor.name, describeLoanItems(items)), at: now, actorId: actor.userId });
  });
  return (await loans.findLoan(deps.db, scope, id))!;
}

/** Material Prestado: the history of Todos, Pendientes or Confirmados, newest first, a page at a time. */
export async function listLoans(deps: ServiceDeps & { timeZone: string }, actor: Actor, query: LoanListQuery): Promise<LoanPage> {
  const scope = requireMaterialManager(actor);
  const after = query.cursor === undefined ? undefined : (decodeCursor(query.cursor, 2) as [string, string]);
  const lent = dayRangeInstants(query, deps.timeZone);
  const rows = await loans.listLoans(deps.db, scope, {
    statuses: statusesOfFilter(query.filter),
    companyId: companyFilter(scope, query.companyId),
    employeeId: query.userId,
    lentFrom: lent.from,
    lentBefore: lent.to,
    text: query.q,
    after,
    limit: query.limit,
  });
  return pageOf(rows, query.limit, (loan) => [loan.loanDate, loan.id]);
}

/** 'Solicitar devolución': a confirmed loan becomes 'Pendiente de devolución' with its request date. */
export async function requestReturn(deps: ServiceDeps, actor: Actor, id: string): Promise<MaterialLoan> {
  const scope = requireMaterialManager(actor);
  const loan = await loans.findLoan(deps.db, scope, id);
  if (!loan) throw notFound(LOAN_NOT_FOUND_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const changed = await loans.transitionLoan(trx, {
      id,
      scope,
      from: 'Confirmado',
      to: 'Pendiente de devolución',
      set: { return_request_date: now.toISOString() },
    });
    if (!changed) throw new AppError(409, 'LOAN_STATUS_CONFLICT', RETURN_NEEDS_CONFIRMED_MESSAGE);
    await appendActorAction(trx, actor, now, {
      companyId: loan.companyId,
      kind: 'loan.return-request',
      message: `${actor.name} ha solicitado a ${loan.employeeName} la devolución de ${describeLoanItems(loan.lentItems)}`,
    });
    await notify(trx, { companyId: loan.companyId, recipients: [loan.employeeId], message: loanReturnRequested(describeLoanItems(loan.lentItems)), at: now, actorId: actor.userId });
  });
  return (await loans.findLoan(deps.db, scope, id))!;
}

/**
 * The receipt signature as a PNG: for the managers of the loan's company and for its employee;
 * anyone else, or a loan without a signature, finds nothing (404).
 */
export async function getLoanSignature(deps: ServiceDeps, actor: Actor, id: string): Promise<Buffer> {
  const row = await loans.findLoanSignature(deps.db, scopeOf(actor), id);
  const allowed = row && (actor.role !== 'Empleado' || row.employee_id === actor.userId);
  if (!allowed || !row.bytes) throw notFound('No se ha encontrado la firma.');
  return Buffer.from(row.bytes);
}
