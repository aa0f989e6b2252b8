import { describe, expect, it } from 'vitest';
import { eventStatusAt } from '@jornada/shared/events';
import { seedDemo } from './demo';
import { demoNow, useFreshDatabase } from '../test/demo-database';

const now = demoNow;
const database = useFreshDatabase(now);

describe('demo events', () => {
  it('gives the demo company past, current and future events with staff', async () => {
    await seedDemo(database.db, now);
    const events = await database.db.selectFrom('events').select(['id', 'name', 'start_time', 'end_time', 'type']).execute();
    const statuses = new Set(events.map((event) => eventStatusAt({ date: event.start_time, endDate: event.end_time }, now)));
    expect(statuses).toEqual(new Set(['Programado', 'Activo', 'Finalizado']));
    expect(events.some((event) => event.type === 'constant')).toBe(true);
    const active = events.find((event) => eventStatusAt({ date: event.start_time, endDate: event.end_time }, now) === 'Activo')!;
    const staff = await database.db.selectFrom('event_assignments').select('user_id').where('event_id', '=', active.id).execute();
    expect(staff.length).toBeGreaterThan(0);
    expect(await seedDemo(database.db, now)).toBeUndefined();
    expect(await database.db.selectFrom('events').select('id').execute()).toHaveLength(events.length);
  });
});
