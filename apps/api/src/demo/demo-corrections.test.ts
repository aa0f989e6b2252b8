import { describe, expect, it } from 'vitest';
import { correctionStatuses } from '@jornada/shared/schemas/corrections';
import { isSinCierre } from '@jornada/shared/sin-cierre';
import { seedDemo } from './demo';
import { demoNow, useFreshDatabase } from '../test/demo-database';
import { verifyRegistro } from '../ledgers/registro-chain/registro-verify';

const now = demoNow;
const database = useFreshDatabase(now);

describe('demo corrections and registro chain', () => {
  it('adds a correction in each state, a record sin cierre, and a valid chain', async () => {
    await seedDemo(database.db, now);
    const { db } = database;
    const amendments = await db.selectFrom('time_record_amendments').selectAll().execute();
    expect(new Set(amendments.map((row) => row.status))).toEqual(new Set(correctionStatuses));
    for (const row of amendments) expect(row.created_at <= now.toISOString()).toBe(true);
    const approved = amendments.find((row) => row.status === 'aprobada')!;
    const record = await db.selectFrom('time_records').selectAll().where('id', '=', approved.record_id!).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ start_time: approved.after_start, end_time: approved.after_end, corrected: 1 });
    // Every signed approval has its PNG as a registro file, which outlives the company (decision 036).
    const signed = await db
      .selectFrom('time_record_amendments')
      .leftJoin('files', 'files.id', 'time_record_amendments.signature_file_id')
      .select(['time_record_amendments.id', 'files.purpose'])
      .where('time_record_amendments.signature_file_id', 'is not', null)
      .execute();
    expect(signed.filter((row) => row.purpose !== 'registro-signature')).toEqual([]);

    const open = await db
      .selectFrom('time_records')
      .leftJoin('events', 'events.id', 'time_records.event_id')
      .select(['time_records.status', 'time_records.start_time', 'events.end_time'])
      .where('time_records.status', '=', 'activo')
      .execute();
    expect(open.some((row) => isSinCierre({ status: row.status, startTime: row.start_time }, row.end_time, now))).toBe(true);

    const check = await verifyRegistro(db, now);
    expect(check.ok).toBe(true);
    expect(check.companies[0]!.entries).toBeGreaterThan(amendments.length);
  });
});
