import type { Kysely } from 'kysely';
import { TZDate } from '@date-fns/tz';
import { atLocalTime } from '@jornada/shared/events';
import { DEFAULT_TIME_ZONE, monthKeyOf } from '@jornada/shared/format';
import type { DB } from '../db/schema';
import { insertFiles } from '../ledgers/files/files.repository';
import { signaturePng } from '../ledgers/files/png';
import { newStoredFile } from '../ledgers/files/stored-files';
import { enforceWorkingTimeRules } from '../features/registro/assignment-warnings';
import { loadRegistroDocument } from '../features/registro/registro-loader';
import { contentHash } from '../features/registro/registro-month.service';
import { upsertWorkingTimeRules } from '../features/registro/registro.repository';
import { newId } from '../lib/ids';

/** The month before `month` ('yyyy-MM'). */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

/** [day of month, start hour, minutes worked]: ordinary days, a long one and a short rest. */
const lastMonthShifts: Array<[number, number, number]> = [
  [6, 8, 480],
  [7, 8, 480],
  [8, 8, 690], // 11 h 30 min: 2 h 30 min of overtime
  [13, 14, 480], // ends at 22:00 …
  [14, 6, 480], // … and starts again at 06:00: 8 h of rest
  [20, 8, 480],
  [24, 22, 540], // the night the clocks go back in October: 22:00 to 06:00 is 9 real hours
  [28, 8, 480],
];

/**
 * Juan's shifts of the month before `now`, with their events, so his signed month has content.
 * Runs before the corrections so that the registro chain seals these records too.
 */
export async function seedDemoRegistroHistory(db: Kysely<DB>, companyId: string, now: Date, timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  const juan = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('username', '=', 'demo.juan').executeTakeFirst();
  if (!juan) return;
  const [year, month] = previousMonth(monthKeyOf(now, timeZone)).split('-').map(Number) as [number, number];
  for (const [day, hour, minutes] of lastMonthShifts) {
    const start = new Date(new TZDate(year, month - 1, day, hour, 0, 0, timeZone).getTime());
    const end = new Date(start.getTime() + minutes * 60_000);
    const eventId = newId('evt');
    await db
      .insertInto('events')
      .values({
        id: eventId,
        company_id: companyId,
        name: 'Vigilancia Centro Comercial',
        location: 'Centro Comercial La Vaguada',
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        type: 'momentary',
        repeat_days: '',
        finished_early_at: null,
        created_at: start.toISOString(),
        created_by: null,
      })
      .execute();
    await db.insertInto('event_assignments').values({ event_id: eventId, user_id: juan.id }).execute();
    await db
      .insertInto('time_records')
      .values({
        id: newId('tr'),
        company_id: companyId,
        user_id: juan.id,
        event_id: eventId,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        duration: minutes,
        status: 'completado',
        start_location: null,
        end_location: null,
        created_at: start.toISOString(),
      })
      .execute();
  }
}

/**
 * Registro de jornada demo (issue 11 parts 4 and 6): the private-security convenio's rules (13 h of
 * rest, 162 h a month), Juan's last month signed with his pad signature, and two warehouse shifts
 * for Juan with 8 h between them that Marta assigned anyway (the warning is in the action log).
 */
export async function seedDemoRegistro(db: Kysely<DB>, companyId: string, now: Date, timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  const people = await db.selectFrom('users').select(['id', 'name', 'username', 'role_id']).where('company_id', '=', companyId).execute();
  const juan = people.find((person) => person.username === 'demo.juan');
  const marta = people.find((person) => person.username === 'demo.supervisora');
  if (!juan || !marta) return;
  await upsertWorkingTimeRules(db, {
    companyId,
    maxDailyHours: 9,
    minRestHours: 13,
    maxYearlyOvertimeHours: 80,
    maxMonthlyHours: 162,
    at: now.toISOString(),
    actor: { userId: marta.id, name: marta.name },
  });

  const month = previousMonth(monthKeyOf(now, timeZone));
  const document = await loadRegistroDocument(db, { companyId, from: `${month}-01`, to: lastDayOf(month), timeZone, generatedAt: now, workers: [juan.id] });
  const section = document?.sections[0];
  if (section) {
    const signedAt = new Date(now.getTime() - 3_600_000);
    // A registro signature (decision 036): kept with the signed month, not with the company.
    const png = newStoredFile({ name: 'firma.png', bytes: signaturePng(1) }, { companyId, ownerId: juan.id }, 'registro-signature', signedAt);
    await insertFiles(db, [png]);
    await db
      .insertInto('signed_months')
      .values({
        id: newId('sm'),
        company_id: companyId,
        user_id: juan.id,
        month,
        signed_at: signedAt.toISOString(),
        user_name: juan.name,
        signature_file_id: png.id,
        signature_sha256: png.sha256,
        worked_minutes: section.totals.workedMinutes,
        overtime_minutes: section.totals.overtimeMinutes,
        year_overtime_minutes: section.totals.yearOvertimeMinutes,
        rule_breaks: section.totals.breakCount,
        content_sha256: contentHash(section),
      })
      .execute();
  }

  // Closing at 22:00 in three days, opening at 06:00 the next morning: 8 h of rest, 13 h required.
  const shifts = [
    { name: 'Cierre de almacén', start: atLocalTime(now, 3, 14, 0, timeZone), end: atLocalTime(now, 3, 22, 0, timeZone) },
    { name: 'Apertura de almacén', start: atLocalTime(now, 4, 6, 0, timeZone), end: atLocalTime(now, 4, 14, 0, timeZone) },
  ];
  for (const [index, shift] of shifts.entries()) {
    const id = newId('evt');
    if (index === 1) {
      const actor = { userId: marta.id, sessionId: 'demo', name: marta.name, username: marta.username, role: 'Supervisor' as const, roleId: marta.role_id, companyId };
      await enforceWorkingTimeRules({ db, now, timeZone }, actor, { companyId, eventName: shift.name, userIds: [juan.id], occurrences: [shift], acknowledged: true });
    }
    await db
      .insertInto('events')
      .values({
        id,
        company_id: companyId,
        name: shift.name,
        location: 'Almacén Central, Polígono Sur',
        start_time: shift.start.toISOString(),
        end_time: shift.end.toISOString(),
        type: 'momentary',
        repeat_days: '',
        finished_early_at: null,
        created_at: now.toISOString(),
        created_by: marta.id,
      })
      .execute();
    await db.insertInto('event_assignments').values({ event_id: id, user_id: juan.id }).execute();
  }
}
