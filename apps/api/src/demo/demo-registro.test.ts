import { describe, expect, it } from 'vitest';
import { seedDemo } from './demo';
import { demoNow, useFreshDatabase } from '../test/demo-database';

const now = demoNow;
const database = useFreshDatabase(now);

describe('demo registro de jornada', () => {
  it("sets the convenio's rules, signs Juan's last month and logs an acknowledged rest warning", async () => {
    await seedDemo(database.db, now);
    const { db } = database;
    const juan = await db.selectFrom('users').select('id').where('username', '=', 'demo.juan').executeTakeFirstOrThrow();
    const rules = await db.selectFrom('working_time_rules').selectAll().executeTakeFirstOrThrow();
    expect(rules).toMatchObject({ min_rest_hours: 13, max_monthly_hours: 162 });
    const signed = await db.selectFrom('signed_months').selectAll().where('user_id', '=', juan.id).executeTakeFirstOrThrow();
    expect(signed).toMatchObject({ month: '2026-10', worked_minutes: 6 * 480 + 690 + 540, overtime_minutes: 150, rule_breaks: 2 });
    expect(signed.signed_at < now.toISOString()).toBe(true);
    const warning = await db.selectFrom('action_log').select('message').where('kind', '=', 'working-time.warning').executeTakeFirstOrThrow();
    expect(warning.message).toContain('Marta Supervisora ha asignado igualmente «Apertura de almacén»');
    expect(warning.message).toContain('Descanso entre jornadas: 8 h, mínimo 13 h (faltan 5 h)');
  });
});
