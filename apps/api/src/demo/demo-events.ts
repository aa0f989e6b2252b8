import type { Insertable, Kysely } from 'kysely';
import { atLocalTime, expandConstantEvent } from '@jornada/shared/events';
import { DEFAULT_TIME_ZONE } from '@jornada/shared/format';
import type { DB, EventsTable } from '../db/schema';
import { appendAction } from '../ledgers/action-log/action-log';
import { newId } from '../lib/ids';

interface DemoEvent {
  name: string;
  location: string;
  /** Local day offset from today, local start and end hours (an end before the start ends the next day). */
  day: number;
  from: number;
  to: number;
  staff: string[];
  /** Constant: repeat on these days (Monday=0) for this many days from `day`. */
  repeat?: { days: number[]; span: number };
}

const demoEvents: DemoEvent[] = [
  { name: 'Concierto de Otoño', location: 'Palacio de Deportes', day: -14, from: 18, to: 23, staff: ['demo.juan', 'demo.lucia', 'demo.carlos', 'demo.supervisora'] },
  { name: 'Partido de Liga', location: 'Estadio Municipal', day: -3, from: 16, to: 21, staff: ['demo.lucia'] },
  { name: 'Vigilancia Almacén Norte', location: 'Polígono Industrial Norte, nave 4', day: -7, from: 8, to: 16, staff: ['demo.juan', 'demo.carlos'], repeat: { days: [0, 2, 4], span: 7 } },
  { name: 'Vigilancia Almacén Norte', location: 'Polígono Industrial Norte, nave 4', day: 1, from: 8, to: 16, staff: ['demo.juan', 'demo.carlos'], repeat: { days: [0, 1, 2, 3, 4], span: 14 } },
  { name: 'Maratón Popular', location: 'Parque del Retiro', day: 5, from: 7, to: 14, staff: ['demo.carlos', 'demo.lucia'] },
  { name: 'Gala Benéfica', location: 'Hotel Palace', day: 10, from: 20, to: 2, staff: [] },
];

/**
 * Past, current and future events of the demo company with their staff: one is active now, so an
 * employee can open it and see 'Iniciar Turno'; one has nobody assigned; one lists four people ('+1 más').
 */
export async function seedDemoEvents(db: Kysely<DB>, companyId: string, now: Date, timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  const people = await db.selectFrom('users').select(['id', 'username']).where('company_id', '=', companyId).execute();
  const idOf = new Map(people.map((person) => [person.username, person.id]));
  const rows: Insertable<EventsTable>[] = [];
  const assignments: { event_id: string; user_id: string }[] = [];
  const add = (event: Pick<DemoEvent, 'name' | 'location' | 'staff' | 'repeat'>, start: Date, end: Date, type: 'momentary' | 'constant') => {
    const id = newId('evt');
    rows.push({
      id,
      company_id: companyId,
      name: event.name,
      location: event.location,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      type,
      repeat_days: event.repeat?.days.join(',') ?? '',
      finished_early_at: null,
      created_at: now.toISOString(),
      created_by: null,
    });
    for (const username of event.staff) {
      const userId = idOf.get(username);
      if (userId) assignments.push({ event_id: id, user_id: userId });
    }
  };

  for (const event of demoEvents) {
    const start = atLocalTime(now, event.day, event.from, 0, timeZone);
    if (event.repeat) {
      const end = atLocalTime(now, event.day + event.repeat.span - 1, event.to, 0, timeZone);
      for (const occurrence of expandConstantEvent({ start, end, repeatDays: event.repeat.days }, timeZone)) add(event, occurrence.start, occurrence.end, 'constant');
    } else {
      add(event, start, atLocalTime(now, event.day + (event.to <= event.from ? 1 : 0), event.to, 0, timeZone), 'momentary');
    }
  }
  // The active one: started two hours ago (on the hour), ends six hours from its start.
  const hourStart = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const active = { name: 'Feria del Libro', location: 'Paseo de Recoletos', staff: ['demo.juan', 'demo.lucia', 'demo.supervisora'] };
  add(active, new Date(hourStart - 2 * 3_600_000), new Date(hourStart + 6 * 3_600_000), 'momentary');

  await db.insertInto('events').values(rows).execute();
  if (assignments.length > 0) await db.insertInto('event_assignments').values(assignments).execute();
  await appendAction(db, { actorId: null, actorName: 'Sistema', companyId, kind: 'event.create', message: `Sistema ha creado ${rows.length} eventos de demostración`, at: now });
}
