import type { Insertable, Kysely } from 'kysely';
import type { DB, TimeRecordsTable } from '../db/schema';
import { newId } from '../lib/ids';

const demoPlace = { lat: 40.4168, lng: -3.7038, accuracy: 15 };

/** Minutes a demo worker arrives late (positive) or leaves early (negative), so totals look real. */
const jitter = (seed: number, range: number) => ((seed * 7919) % (2 * range + 1)) - range;

/**
 * A few weeks of completed records for every finished demo event (each assigned person clocked in
 * near the start and out near the end), and one timer still running on the active event.
 */
export async function seedDemoTimeRecords(db: Kysely<DB>, companyId: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  const assignments = await db
    .selectFrom('event_assignments')
    .innerJoin('events', 'events.id', 'event_assignments.event_id')
    .select(['events.id as event_id', 'events.start_time', 'events.end_time', 'event_assignments.user_id'])
    .where('events.company_id', '=', companyId)
    .where('events.start_time', '<=', nowIso)
    .orderBy('events.start_time')
    .execute();

  const rows: Insertable<TimeRecordsTable>[] = [];
  let activeUser: string | undefined;
  assignments.forEach((assignment, index) => {
    const start = new Date(Date.parse(assignment.start_time) + jitter(index, 6) * 60_000);
    const finished = assignment.end_time <= nowIso;
    if (!finished) {
      // One running timer on the active event; the others have not clocked in yet.
      if (activeUser) return;
      activeUser = assignment.user_id;
    }
    const end = finished ? new Date(Date.parse(assignment.end_time) + jitter(index + 3, 10) * 60_000) : null;
    rows.push({
      id: newId('tr'),
      company_id: companyId,
      user_id: assignment.user_id,
      event_id: assignment.event_id,
      start_time: start.toISOString(),
      end_time: end?.toISOString() ?? null,
      duration: end ? Math.floor((end.getTime() - start.getTime()) / 60_000) : null,
      status: end ? 'completado' : 'activo',
      start_location: JSON.stringify(demoPlace),
      end_location: end ? JSON.stringify({ ...demoPlace, lat: demoPlace.lat + 0.0004 }) : null,
      created_at: start.toISOString(),
    });
  });
  if (rows.length > 0) await db.insertInto('time_records').values(rows).execute();
}
