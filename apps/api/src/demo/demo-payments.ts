import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE, monthKeyOf, monthRange } from '@jornada/shared/format';
import type { DB } from '../db/schema';
import { newId } from '../lib/ids';
import { hourlyPriceCents, sumCompletedMinutes } from '../features/payments/payments.repository';

const DAY = 86_400_000;

/**
 * Last month's payments, part paid: Juan's month is paid with exactly what his records say. It
 * runs after every other demo step that adds or changes records (his registro history, the
 * corrections, the 'Sin cierre' record), and sums them as 'Pagos' does, so the paid figures and
 * the registro agree.
 */
export async function seedDemoPayments(db: Kysely<DB>, companyId: string, now: Date, timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  const people = await db.selectFrom('users').select(['id', 'username']).where('company_id', '=', companyId).execute();
  const idOf = (username: string) => people.find((person) => person.username === username)?.id;
  const [supervisorId, juan] = ['demo.supervisora', 'demo.juan'].map(idOf);
  if (!supervisorId || !juan) return;
  const lastMonth = monthKeyOf(new Date(monthRange(monthKeyOf(now, timeZone), timeZone).start.getTime() - DAY), timeZone);
  const range = monthRange(lastMonth, timeZone);
  const [worked, prices] = await Promise.all([
    sumCompletedMinutes(db, companyId, { from: range.start.toISOString(), to: range.end.toISOString() }, [juan]),
    hourlyPriceCents(db, [juan]),
  ]);
  const minutes = worked.get(juan) ?? 0;
  const priceCents = prices.get(juan) ?? null;
  await db
    .insertInto('payments')
    .values({
      id: newId('payment'),
      company_id: companyId,
      user_id: juan,
      month: lastMonth,
      status: 'paid',
      paid_at: now.toISOString(),
      paid_by: supervisorId,
      minutes,
      price_cents: priceCents,
      amount_cents: priceCents === null ? null : Math.round((minutes * priceCents) / 60),
    })
    .execute();
}
