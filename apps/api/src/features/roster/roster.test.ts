import { beforeAll, describe, expect, it } from 'vitest';
import { doubleBookingMessage } from '@jornada/shared/double-booking';
import { describeUnavailability } from '@jornada/shared/schemas/availability';
import { qualificationProblemMessage } from '@jornada/shared/schemas/qualifications';
import type { RosterConflict, RosterResponse } from '@jornada/shared/schemas/roster';
import { ruleBreakMessage } from '@jornada/shared/working-time';
import { newId } from '../../lib/ids';
import { pdfPageTexts } from '../../test/pdf-text';
import { insertTestEvent } from '../../test/factories';
import type { SignedInUser } from '../../test/sign-in';
import { arrangeTwoCompaniesWithCategories, useTestContext, type TwoCompaniesWithCategories } from '../../test/worlds';
import { NO_MATCHING_EVENT_MESSAGE, ROSTER_CATEGORY_MESSAGE, ROSTER_VACATION_MESSAGE, rosterUnavailableMessage } from './roster.service';

/*
 * Issue 27 item 1 (decision 045): the roster ('Cuadrante'). A crafted week, Monday 23 to Sunday 29
 * November 2026 (Madrid, UTC+1; the test clock is Saturday 21, 10:00 UTC), whose cells and
 * conflicts are compared with expectations written by hand.
 */

/** The SQL statements run so far (the efficiency test compares two requests). */
let queries = 0;
const ctx = useTestContext({ trace: () => (queries += 1) });
let home: TwoCompaniesWithCategories['home'];
let other: TwoCompaniesWithCategories['other'];
let homeCategory: TwoCompaniesWithCategories['homeCategory'];
let otherCategory: TwoCompaniesWithCategories['otherCategory'];
let admin: SignedInUser;
let supervisor: SignedInUser;
let employee: SignedInUser;

const TIP = 'TIP de vigilante de seguridad';
const WEEK = '?from=2026-11-23&to=2026-11-29';
/** A local Madrid time of November 2026 as a UTC instant. */
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour - 1)).toISOString();

let lucia: { id: string; name: string };
let foreigner: { id: string; name: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ home, other, homeCategory, otherCategory, admin, supervisor, employee } = await arrangeTwoCompaniesWithCategories(ctx, {
    supervisorName: 'Marta López',
    employee: { name: 'Juan Vigilante', inHomeCategory: true },
  }));
  lucia = await ctx.factories.user({ role: 'Empleado', companyId: home.id, name: 'Lucía García' });
  foreigner = await ctx.factories.user({ role: 'Empleado', companyId: other.id, name: 'Pedro Sur' });
  await ctx.factories.user({ role: 'Empleado', companyId: home.id, name: 'Baja Deshabilitada', disabled: true });
  const event = async (key: string, day: number, from: number, endDay: number, to: number, assignedTo: string[], companyId = home.id) => {
    ids[key] = (await insertTestEvent(ctx.db, { companyId, name: key, start: at(day, from), end: at(endDay, to), assignedTo })).id;
  };
  // Juan: two events that share an hour on Tuesday.
  await event('Concierto', 24, 10, 24, 14, [employee.id]);
  await event('Feria', 24, 13, 24, 16, [employee.id]);
  // Juan: an event on a day of his confirmed vacation.
  await event('Partido', 26, 17, 26, 21, [employee.id]);
  // Lucía: a night, then a morning 8 hours later (the rest between jornadas is 12 hours).
  await event('Noche', 25, 20, 26, 2, [lucia.id]);
  await event('Mañana', 26, 10, 26, 14, [lucia.id]);
  // Both on an event that requires the TIP: Juan's expired the day before, Lucía has none.
  await event('Escolta VIP', 27, 10, 27, 14, [employee.id, lucia.id]);
  // Nobody yet: offered in the list of open events.
  await event('Libre', 28, 9, 28, 13, []);
  // Outside the week, and another company's event the same Tuesday.
  await event('Anterior', 20, 9, 20, 13, [employee.id]);
  await event('Ajeno', 24, 10, 24, 14, [foreigner.id], other.id);

  const types = await ctx.db.selectFrom('qualification_types').select(['id', 'name', 'company_id']).where('name', '=', TIP).execute();
  const tip = types.find((type) => type.company_id === home.id)!.id;
  await ctx.db.insertInto('event_qualification_requirements').values({ event_id: ids['Escolta VIP']!, type_id: tip }).execute();
  const added = await ctx.request({
    method: 'POST',
    url: `/api/employees/${employee.id}/qualifications`,
    cookie: supervisor.cookie,
    payload: { typeId: tip, number: 'TIP-1', expiresOn: '2026-11-26' },
  });
  expect(added.statusCode, added.body).toBe(201);

  const requestId = newId('vac');
  await ctx.db
    .insertInto('vacation_requests')
    .values({ id: requestId, company_id: home.id, employee_id: employee.id, supervisor_id: null, created_by: employee.id, created_at: ctx.clock().toISOString(), status: 'confirmado', awaiting: null, signature_file_id: null, processed_at: null, processed_by: null })
    .execute();
  await ctx.db.insertInto('vacation_days').values({ request_id: requestId, company_id: home.id, employee_id: employee.id, day: '2026-11-26' }).execute();
});

const get = (cookie: string, query: string) => ctx.request({ method: 'GET', url: `/api/roster${query}`, cookie });
const roster = async (cookie: string, query = WEEK): Promise<RosterResponse> => {
  const response = await get(cookie, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Each person's non-empty cells as 'day: event HH:mm–HH:mm [kinds]' and vacation days. */
function cellsOf(body: RosterResponse, userId: string) {
  const row = body.employees.find((person) => person.userId === userId)!;
  return row.cells
    .filter((cell) => cell.shifts.length > 0 || cell.vacation)
    .map((cell) => ({
      date: cell.date,
      vacation: cell.vacation,
      shifts: cell.shifts.map((shift) => ({ name: shift.name, start: shift.start, end: shift.end, conflicts: shift.conflicts })),
    }));
}

describe('GET /api/roster', () => {
  it("gives each active person of the company the week's events, vacations and conflicts", async () => {
    const body = await roster(supervisor.cookie);
    expect(body.companyId).toBe(home.id);
    expect(body.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(body.today).toBe('2026-11-21');
    expect(body.categories).toEqual([{ id: homeCategory.id, name: 'Escolta' }]);
    // Active Empleado and Supervisor users of home, by name; not the disabled one, nobody of other.
    expect(body.employees.map((person) => person.name)).toEqual(['Juan Vigilante', 'Lucía García', 'Marta López']);
    expect(body.employees.every((person) => person.cells.length === 7)).toBe(true);

    const overlap = (name: string, start: string, end: string): RosterConflict => ({ kind: 'overlap', message: doubleBookingMessage('Juan Vigilante', name, start, end) });
    const rest: RosterConflict = { kind: 'rest', message: ruleBreakMessage('min-rest', 8 * 60, 12 * 60) };
    expect(cellsOf(body, employee.id)).toEqual([
      {
        date: '2026-11-24',
        vacation: false,
        shifts: [
          { name: 'Concierto', start: '10:00', end: '14:00', conflicts: [overlap('Feria', at(24, 13), at(24, 16))] },
          { name: 'Feria', start: '13:00', end: '16:00', conflicts: [overlap('Concierto', at(24, 10), at(24, 14))] },
        ],
      },
      { date: '2026-11-26', vacation: true, shifts: [{ name: 'Partido', start: '17:00', end: '21:00', conflicts: [{ kind: 'vacation', message: ROSTER_VACATION_MESSAGE }] }] },
      {
        date: '2026-11-27',
        vacation: false,
        shifts: [
          {
            name: 'Escolta VIP',
            start: '10:00',
            end: '14:00',
            conflicts: [{ kind: 'qualification', message: qualificationProblemMessage({ userName: 'Juan Vigilante', typeName: TIP, day: '2026-11-27', reason: 'expired' }) }],
          },
        ],
      },
    ]);
    expect(cellsOf(body, lucia.id)).toEqual([
      { date: '2026-11-25', vacation: false, shifts: [{ name: 'Noche', start: '20:00', end: '02:00', conflicts: [rest] }] },
      { date: '2026-11-26', vacation: false, shifts: [{ name: 'Mañana', start: '10:00', end: '14:00', conflicts: [rest] }] },
      {
        date: '2026-11-27',
        vacation: false,
        shifts: [
          {
            name: 'Escolta VIP',
            start: '10:00',
            end: '14:00',
            conflicts: [{ kind: 'qualification', message: qualificationProblemMessage({ userName: 'Lucía García', typeName: TIP, day: '2026-11-27', reason: 'missing' }) }],
          },
        ],
      },
    ]);
    expect(cellsOf(body, supervisor.id)).toEqual([]);
    const shift = body.employees[0]!.cells[1]!.shifts[0]!;
    expect(shift).toMatchObject({ eventId: ids['Concierto'], startTime: at(24, 10), endTime: at(24, 14) });

    // The week's events that still take people, with who is on them; not the other company's, nor last week's.
    expect(body.openEvents.map((event) => [event.name, event.date, event.start, event.end, [...event.assignedEmployees].sort()])).toEqual([
      ['Concierto', '2026-11-24', '10:00', '14:00', [employee.id]],
      ['Feria', '2026-11-24', '13:00', '16:00', [employee.id]],
      ['Noche', '2026-11-25', '20:00', '02:00', [lucia.id]],
      ['Mañana', '2026-11-26', '10:00', '14:00', [lucia.id]],
      ['Partido', '2026-11-26', '17:00', '21:00', [employee.id]],
      ['Escolta VIP', '2026-11-27', '10:00', '14:00', [employee.id, lucia.id].sort()],
      ['Libre', '2026-11-28', '09:00', '13:00', []],
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain(foreigner.id);
    expect(text).not.toContain('Ajeno');
  });

  it("shows when people said they cannot work (decision 044) and marks the shifts inside that time", async () => {
    const entry = (userId: string, values: { kind: 'weekly' | 'dates'; weekday?: number; start_date?: string; end_date?: string; start_time?: string; end_time?: string; note?: string }) => ({
      id: newId('una'),
      company_id: home.id,
      user_id: userId,
      start_date: null,
      end_date: null,
      weekday: null,
      start_time: null,
      end_time: null,
      note: '',
      created_at: ctx.clock().toISOString(),
      ...values,
    });
    const rows = [
      // Lucía, every Friday 12:00–15:00: it cuts into her Escolta VIP of Friday 27, 10:00–14:00.
      entry(lucia.id, { kind: 'weekly', weekday: 4, start_time: '12:00', end_time: '15:00', note: 'Clases' }),
      // Juan, all of Sunday 29 (no shift that day), and a night from Saturday 28 at 22:00 to 06:00.
      entry(employee.id, { kind: 'dates', start_date: '2026-11-29', end_date: '2026-11-29' }),
      entry(employee.id, { kind: 'dates', start_date: '2026-11-28', end_date: '2026-11-28', start_time: '22:00', end_time: '06:00' }),
    ];
    await ctx.db.insertInto('unavailability').values(rows).execute();
    try {
      const body = await roster(supervisor.cookie);
      const cellOf = (userId: string, date: string) => body.employees.find((person) => person.userId === userId)!.cells.find((cell) => cell.date === date)!;
      const fridays = describeUnavailability({ kind: 'weekly', weekday: 4, startDate: null, endDate: null, startTime: '12:00', endTime: '15:00' });
      expect(cellOf(lucia.id, '2026-11-27').unavailable).toEqual([{ start: '12:00', end: '15:00', description: `${fridays} (Clases)` }]);
      expect(cellOf(lucia.id, '2026-11-27').shifts[0]!.conflicts).toContainEqual({ kind: 'unavailable', message: rosterUnavailableMessage(`${fridays} (Clases)`) });
      // A night reaches into the next day: each day shows its own part of it.
      const night = describeUnavailability({ kind: 'dates', weekday: null, startDate: '2026-11-28', endDate: '2026-11-28', startTime: '22:00', endTime: '06:00' });
      const sunday = describeUnavailability({ kind: 'dates', weekday: null, startDate: '2026-11-29', endDate: '2026-11-29', startTime: null, endTime: null });
      expect(cellOf(employee.id, '2026-11-28').unavailable).toEqual([{ start: '22:00', end: '24:00', description: night }]);
      expect(cellOf(employee.id, '2026-11-29').unavailable).toEqual([
        { start: '00:00', end: '06:00', description: night },
        { start: '00:00', end: '24:00', description: sunday },
      ]);
      // Shifts outside those times keep their own conflicts only; days without an entry show none.
      expect(cellOf(employee.id, '2026-11-24').shifts.every((shift) => shift.conflicts.every((conflict) => conflict.kind !== 'unavailable'))).toBe(true);
      expect(cellOf(lucia.id, '2026-11-26').unavailable).toEqual([]);
      expect(body.employees.find((person) => person.userId === supervisor.id)!.cells.every((cell) => cell.unavailable.length === 0)).toBe(true);
    } finally {
      await ctx.db.deleteFrom('unavailability').where('id', 'in', rows.map((row) => row.id)).execute();
    }
  });

  it('a fixed ruling: a finished event is listed in its cell but no longer offered', async () => {
    ctx.clock.set('2026-11-24T15:30:00.000Z');
    try {
      const cookie = await ctx.login(supervisor.username, supervisor.password);
      const body = await roster(cookie);
      expect(body.today).toBe('2026-11-24');
      expect(body.openEvents.map((event) => event.name)).toEqual(['Noche', 'Mañana', 'Partido', 'Escolta VIP', 'Libre']);
      expect(cellsOf(body, employee.id)[0]!.shifts.map((shift) => shift.name)).toEqual(['Concierto', 'Feria']);
    } finally {
      ctx.clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('filters by category; a category the company does not offer is a 422', async () => {
    const body = await roster(supervisor.cookie, `${WEEK}&categoryId=${homeCategory.id}`);
    expect(body.employees.map((person) => person.name)).toEqual(['Juan Vigilante']);
    // The open events keep everyone assigned, also people the filter hides.
    expect(body.openEvents.find((event) => event.name === 'Escolta VIP')!.assignedEmployees.sort()).toEqual([employee.id, lucia.id].sort());
    const refused = await get(supervisor.cookie, `${WEEK}&categoryId=${otherCategory.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(ROSTER_CATEGORY_MESSAGE);
  });

  it('refuses a bad range with a Spanish 400', async () => {
    const cases: [string, string][] = [
      ['?from=2026-11-23', 'Las fechas deben tener el formato AAAA-MM-DD.'],
      ['?from=2026-11-23&to=29/11/2026', 'Las fechas deben tener el formato AAAA-MM-DD.'],
      ['?from=2026-02-30&to=2026-03-01', 'Las fechas deben tener el formato AAAA-MM-DD.'],
      ['?from=2026-11-29&to=2026-11-23', 'La fecha final no puede ser anterior a la inicial.'],
      ['?from=2026-11-01&to=2026-12-13', 'El cuadrante abarca como máximo 42 días.'],
    ];
    for (const [query, message] of cases) {
      const response = await get(supervisor.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toContain(message);
    }
    // Six weeks is the most, and answers.
    expect((await get(supervisor.cookie, '?from=2026-11-02&to=2026-12-13')).statusCode).toBe(200);
  });

  it('is for managers of the company: employees 403, another company 404, the administrator names one', async () => {
    expect((await get(employee.cookie, WEEK)).statusCode).toBe(403);
    expect((await get(supervisor.cookie, `${WEEK}&companyId=${other.id}`)).statusCode).toBe(404);
    expect((await get(admin.cookie, WEEK)).statusCode).toBe(400);
    expect((await get(admin.cookie, `${WEEK}&companyId=unknown-company`)).statusCode).toBe(404);
    const mine = await roster(supervisor.cookie);
    const adminView = await roster(admin.cookie, `${WEEK}&companyId=${home.id}`);
    expect(adminView).toEqual(mine);
    const theirs = await roster(admin.cookie, `${WEEK}&companyId=${other.id}`);
    expect(theirs.employees.map((person) => person.name)).toContain('Pedro Sur');
    expect(JSON.stringify(theirs)).not.toContain(employee.id);
  });

  it("prints the week as a PDF: the people, their events' times and names, vacations and conflict marks", async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/roster/week.pdf?from=2026-11-23', cookie: supervisor.cookie });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.headers['content-disposition']).toContain('cuadrante-2026-11-23.pdf');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await pdfPageTexts(bytes);
    for (const text of ['Cuadrante', 'Semana del 23/11/2026 al 29/11/2026', 'Vigilancia Norte', 'lun 23/11', 'dom 29/11', 'Juan Vigilante', 'Lucía García', 'Marta López', 'Concierto', '10:00-14:00', 'Vacaciones', '! Solapamiento', '! Normas de jornada', '! Titulación', 'Página 1 de 1']) {
      expect(page, text).toContain(text);
    }
    expect(page).not.toContain('Pedro Sur');
    const filtered = await pdfPageTexts((await ctx.request({ method: 'GET', url: `/api/roster/week.pdf?from=2026-11-23&categoryId=${homeCategory.id}`, cookie: supervisor.cookie })).rawPayload);
    expect(filtered[0]).toContain('Categoría: Escolta');
    expect(filtered[0]).not.toContain('Lucía García');
    expect((await ctx.request({ method: 'GET', url: '/api/roster/week.pdf?from=2026-11-23', cookie: employee.cookie })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/roster/week.pdf?from=2026-11-23&companyId=${other.id}`, cookie: supervisor.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/roster/week.pdf?from=23-11-2026', cookie: supervisor.cookie })).statusCode).toBe(400);
  });

  it("'Copiar semana' repeats each assignment on the next week's same event, through the assignment rules, and says what it could not", async () => {
    // Monday 30 November to Sunday 6 December (`at` counts December's days on from November's: 31 = 1 December).
    const next = async (key: string, day: number, from: number, endDay: number, to: number, assignedTo: string[] = []) => {
      await insertTestEvent(ctx.db, { companyId: home.id, name: key, start: at(day, from), end: at(endDay, to), assignedTo });
    };
    await next('Concierto', 31, 10, 31, 14);
    await next('Feria', 31, 13, 31, 16);
    await next('Noche', 32, 20, 33, 2, [lucia.id]);
    // Mañana moved an hour: not the same event.
    await next('Mañana', 33, 11, 33, 15);
    await next('Escolta VIP', 34, 10, 34, 14);
    const copy = (cookie: string, payload: object) => ctx.request({ method: 'POST', url: '/api/roster/copy-week', cookie, payload });

    expect((await copy(employee.cookie, { from: '2026-11-23' })).statusCode).toBe(403);
    expect((await copy(supervisor.cookie, { from: '2026-11-23', companyId: other.id })).statusCode).toBe(422);
    expect((await copy(supervisor.cookie, { from: '23/11/2026' })).statusCode).toBe(400);
    expect((await copy(supervisor.cookie, { from: '2026-11-23', categoryId: otherCategory.id })).statusCode).toBe(422);

    const response = await copy(supervisor.cookie, { from: '2026-11-23' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const item = (userName: string, eventName: string, date: string, start: string, end: string, message: string | null) => ({
      userId: userName === 'Juan Vigilante' ? employee.id : lucia.id,
      userName,
      eventName,
      date,
      start,
      end,
      message,
    });
    expect(result.copied).toEqual([
      item('Juan Vigilante', 'Concierto', '2026-11-24', '10:00', '14:00', null),
      item('Juan Vigilante', 'Escolta VIP', '2026-11-27', '10:00', '14:00', null),
      item('Lucía García', 'Escolta VIP', '2026-11-27', '10:00', '14:00', null),
    ]);
    expect(result.notCopied).toEqual([
      // The copied Concierto and Feria share an hour: the double booking is refused as by hand.
      item('Juan Vigilante', 'Feria', '2026-11-24', '13:00', '16:00', doubleBookingMessage('Juan Vigilante', 'Concierto', at(31, 10), at(31, 14))),
      item('Lucía García', 'Mañana', '2026-11-26', '10:00', '14:00', NO_MATCHING_EVENT_MESSAGE),
      item('Juan Vigilante', 'Partido', '2026-11-26', '17:00', '21:00', NO_MATCHING_EVENT_MESSAGE),
    ]);
    expect(result.alreadyAssigned).toBe(1);

    const after = await roster(supervisor.cookie, '?from=2026-11-30&to=2026-12-06');
    expect(cellsOf(after, employee.id).map((cell) => [cell.date, cell.shifts.map((shift) => shift.name)])).toEqual([
      ['2026-12-01', ['Concierto']],
      ['2026-12-04', ['Escolta VIP']],
    ]);
    // Copying again changes nothing more.
    const again = (await copy(supervisor.cookie, { from: '2026-11-23' })).json();
    expect(again.copied).toEqual([]);
    expect(again.alreadyAssigned).toBe(4);
  });

  it('reads a fixed number of queries whatever the number of people and events', async () => {
    const count = async () => {
      // The first request after a write reads the session and the permissions again (their caches follow writes).
      await roster(supervisor.cookie);
      const before = queries;
      await roster(supervisor.cookie);
      return queries - before;
    };
    const first = await count();
    for (let index = 0; index < 12; index += 1) {
      const person = await ctx.factories.user({ role: 'Empleado', companyId: home.id, name: `Extra ${String(index).padStart(2, '0')}` });
      await insertTestEvent(ctx.db, { companyId: home.id, name: `Extra ${index}`, start: at(23 + (index % 6), 9), end: at(23 + (index % 6), 12), assignedTo: [person.id, employee.id] });
    }
    expect(await count()).toBe(first);
  });
});
