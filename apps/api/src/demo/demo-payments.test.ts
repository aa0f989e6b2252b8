import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@jornada/shared/format';
import { defaultRoleIds } from '@jornada/shared/permissions';
import { seedDemo } from './demo';
import { listPayments } from '../features/payments/payments.service';
import { demoNow, useFreshDatabase } from '../test/demo-database';

const now = demoNow;
const database = useFreshDatabase(now);

describe('demo payments', () => {
  it("pays Juan's last month with exactly what his registro says, as 'Pagos' shows it", async () => {
    await seedDemo(database.db, now);
    const { db } = database;
    const paid = await db.selectFrom('payments').selectAll().where('status', '=', 'paid').execute();
    expect(paid.length).toBeGreaterThan(0);
    const supervisor = await db.selectFrom('users').selectAll().where('username', '=', 'demo.supervisora').executeTakeFirstOrThrow();
    const actor = { userId: supervisor.id, sessionId: 'demo-test', name: supervisor.name, username: supervisor.username, role: 'Supervisor' as const, roleId: defaultRoleIds.Supervisor, companyId: supervisor.company_id };
    for (const payment of paid) {
      const listed = await listPayments({ db, clock: () => now, timeZone: DEFAULT_TIME_ZONE }, actor, { month: payment.month });
      const line = listed.items.find((item) => item.userId === payment.user_id);
      expect(line).toMatchObject({ status: 'paid', mismatch: false });
      expect(line?.minutes).toBe(line?.recordMinutes);
      expect(line?.amount).toBe(line?.recordAmount);
    }
    // Juan's October: the 68 h 30 min of his signed registro, at the Vigilante price.
    const juan = await db.selectFrom('users').select('id').where('username', '=', 'demo.juan').executeTakeFirstOrThrow();
    const october = paid.find((payment) => payment.user_id === juan.id && payment.month === '2026-10');
    expect(october).toMatchObject({ minutes: 68 * 60 + 30, price_cents: 2250, amount_cents: Math.round(((68 * 60 + 30) * 2250) / 60) });
  });
});
