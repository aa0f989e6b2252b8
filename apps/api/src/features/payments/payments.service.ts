import { monthRange } from '@jornada/shared/format';
import { PAYMENT_ALREADY_RECORDED_MESSAGE, type Payment, type PaymentsResponse } from '@jornada/shared/schemas/payments';
import { scopeOf, type Actor } from '../../lib/authorization';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, conflict, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { scopedCompanyId } from '../../lib/managed-company';
import { appendAction } from '../../ledgers/action-log/action-log';
import * as repository from './payments.repository';

export interface PaymentDeps extends ServiceDeps {
  timeZone: string;
}

/** Months from January 2020 to December of next year (spec section 9). */
function checkMonthInRange(month: string, now: Date): void {
  const lastYear = now.getUTCFullYear() + 1;
  if (month < '2020-01' || month > `${lastYear}-12`) throw badRequest(`El mes debe estar entre 2020-01 y ${lastYear}-12.`);
}

const amountCents = (minutes: number, priceCents: number | null) => (priceCents === null ? null : Math.round((minutes * priceCents) / 60));

/** Decision 7: every Empleado with the month's worked hours, price, amount and whether it is paid. */
export async function listPayments(deps: PaymentDeps, actor: Actor, query: { month: string; companyId?: string }): Promise<PaymentsResponse> {
  checkMonthInRange(query.month, deps.clock());
  const companyId = scopedCompanyId(actor, query.companyId);
  const range = monthRange(query.month, deps.timeZone);
  const employees = await repository.listPayableEmployees(deps.db, companyId);
  const ids = employees.map((employee) => employee.id);
  const [minutes, prices, payments] = await Promise.all([
    repository.sumCompletedMinutes(deps.db, companyId, { from: range.start.toISOString(), to: range.end.toISOString() }),
    repository.hourlyPriceCents(deps.db, ids),
    repository.listPaymentsOfMonth(deps.db, companyId, query.month),
  ]);
  const paymentOf = new Map(payments.map((payment) => [payment.user_id, payment]));
  const items = employees.map((employee) => {
    const payment = paymentOf.get(employee.id);
    const paid = payment?.status === 'paid';
    const recordMinutes = minutes.get(employee.id) ?? 0;
    // A paid month shows what was paid (never recomputed); a pending one what would be paid now.
    const workedMinutes = paid ? Number(payment.minutes) : recordMinutes;
    const priceCents = paid ? payment.price_cents : (prices.get(employee.id) ?? null);
    const amount = paid ? payment.amount_cents : amountCents(workedMinutes, priceCents);
    const recordAmount = amountCents(recordMinutes, priceCents);
    return {
      userId: employee.id,
      name: employee.name,
      email: employee.email,
      minutes: workedMinutes,
      price: priceCents === null ? null : priceCents / 100,
      amount: amount === null ? null : amount / 100,
      status: paid ? ('paid' as const) : ('pending' as const),
      paidAt: payment?.paid_at ?? null,
      paymentId: payment?.id ?? null,
      recordMinutes,
      recordAmount: recordAmount === null ? null : recordAmount / 100,
      mismatch: paid && recordMinutes !== workedMinutes,
    };
  });
  const paidCount = items.filter((item) => item.status === 'paid').length;
  return { month: query.month, companyId, pendingCount: items.length - paidCount, paidCount, items };
}

/** Marks a month paid for one Empleado; final, and two confirmations at once record one payment. */
export async function markAsPaid(deps: PaymentDeps, actor: Actor, input: { userId: string; month: string }): Promise<Payment> {
  const now = deps.clock();
  checkMonthInRange(input.month, now);
  const employee = await deps.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.name', 'users.company_id', 'roles.base_role', 'users.is_deleted'])
    .where('users.id', '=', input.userId)
    .executeTakeFirst();
  const scope = scopeOf(actor);
  const companyId = employee?.company_id ?? null;
  if (!employee || companyId === null || (scope.kind === 'company' && scope.companyId !== companyId)) throw unprocessable('El empleado no pertenece a tu empresa.');
  if (employee.base_role !== 'Empleado' || Number(employee.is_deleted) === 1) throw unprocessable('Solo se pueden registrar pagos de empleados.');

  const range = monthRange(input.month, deps.timeZone);
  const [minutes, prices] = await Promise.all([
    repository.sumCompletedMinutes(deps.db, companyId, { from: range.start.toISOString(), to: range.end.toISOString() }, [employee.id]),
    repository.hourlyPriceCents(deps.db, [employee.id]),
  ]);
  const workedMinutes = minutes.get(employee.id) ?? 0;
  const priceCents = prices.get(employee.id) ?? null;
  const id = newId('payment');
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repository.insertPayment(trx, {
        id,
        company_id: companyId,
        user_id: employee.id,
        month: input.month,
        status: 'paid',
        paid_at: now.toISOString(),
        paid_by: actor.userId,
        minutes: workedMinutes,
        price_cents: priceCents,
        amount_cents: amountCents(workedMinutes, priceCents),
      });
      await appendAction(trx, {
        actorId: actor.userId,
        actorName: actor.name,
        companyId,
        kind: 'payment.paid',
        message: `${actor.name} ha registrado el pago de ${employee.name} del mes ${input.month}`,
        at: now,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PAYMENT_ALREADY_RECORDED_MESSAGE);
    throw error;
  }
  return { id, userId: employee.id, month: input.month, status: 'paid', companyId, paidAt: now.toISOString() };
}
