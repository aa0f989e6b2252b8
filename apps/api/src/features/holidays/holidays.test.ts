import { describe, expect, it } from 'vitest';
import { DUPLICATE_HOLIDAY_MESSAGE } from '@jornada/shared/schemas/holidays';
import { lastAction } from '../../test/last-action';
import { signInAs } from '../../test/sign-in';
import { useTwoCompanies } from '../../test/worlds';
import { holidayDatesBetween } from './holidays.service';

/* Issue 26 part 1: 'Calendario laboral', national holidays plus the company's own. */

const { ctx, home, other, admin, supervisor, employee } = useTwoCompanies({ ownInstantPerTest: true });
const list = (cookie: string, year: number, companyId?: string) =>
  ctx.request({ method: 'GET', url: `/api/holidays?year=${year}${companyId ? `&companyId=${companyId}` : ''}`, cookie });
const add = (cookie: string, payload: object) => ctx.request({ method: 'POST', url: '/api/holidays', cookie, payload });
const remove = (cookie: string, id: string) => ctx.request({ method: 'DELETE', url: `/api/holidays/${id}`, cookie });
const exclude = (cookie: string, date: string, payload: object) => ctx.request({ method: 'PUT', url: `/api/holidays/national/${date}`, cookie, payload });

describe('Calendario laboral', () => {
  it('lists the year: the national holidays marked, nothing else yet', async () => {
    const response = await list(supervisor.cookie, 2026);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ companyId: home.id, companyName: home.name, year: 2026, hasNationalData: true });
    expect(body.holidays).toHaveLength(9);
    expect(body.holidays[0]).toEqual({ id: null, date: '2026-01-01', name: 'Año Nuevo', kind: 'nacional', excluded: false, sunday: false });
    expect(body.holidays.find((h: { date: string }) => h.date === '2026-11-01')).toMatchObject({ sunday: true, kind: 'nacional' });
    const future = (await list(supervisor.cookie, 2031)).json();
    expect(future).toMatchObject({ hasNationalData: false, holidays: [] });
  });

  it('adds a community and a local holiday, logged; a duplicate day is a 409; a bad date a 400', async () => {
    const added = await add(supervisor.cookie, { date: '2026-09-08', name: 'Día de Asturias', kind: 'autonomico' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ date: '2026-09-08', name: 'Día de Asturias', kind: 'autonomico', excluded: false });
    expect(await lastAction(ctx, 'holidays.add')).toMatchObject({ company_id: home.id, actor_id: supervisor.id });
    expect((await lastAction(ctx, 'holidays.add')).message).toContain('«Día de Asturias» (2026-09-08)');

    const local = await add(admin.cookie, { date: '2026-09-21', name: 'San Mateo', kind: 'local', companyId: home.id });
    expect(local.statusCode, local.body).toBe(201);

    for (const date of ['2026-09-08', '2026-10-12']) {
      const duplicate = await add(supervisor.cookie, { date, name: 'Otra', kind: 'local' });
      expect(duplicate.statusCode, date).toBe(409);
      expect(duplicate.json().error.message).toBe(DUPLICATE_HOLIDAY_MESSAGE);
    }
    for (const date of ['2026-02-30', '08/09/2026', '']) {
      const bad = await add(supervisor.cookie, { date, name: 'Mala', kind: 'local' });
      expect(bad.statusCode, date).toBe(400);
      expect(bad.json().error.message).toContain('AAAA-MM-DD');
    }
    expect((await add(supervisor.cookie, { date: '2026-09-30', name: ' ', kind: 'local' })).statusCode).toBe(400);
    expect((await add(supervisor.cookie, { date: '2026-09-30', name: 'X', kind: 'nacional' })).statusCode).toBe(400);
    expect((await list(supervisor.cookie, 2026, 'x')).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/holidays?year=abc', cookie: supervisor.cookie })).statusCode).toBe(400);

    const year = (await list(admin.cookie, 2026, home.id)).json();
    expect(year.holidays.filter((h: { kind: string }) => h.kind !== 'nacional').map((h: { name: string }) => h.name)).toEqual(['Día de Asturias', 'San Mateo']);
  });

  it('drops and restores a national date, logged, and holidayDatesBetween follows', async () => {
    const before = await holidayDatesBetween(ctx.db, home.id, '2026-12-01', '2026-12-31');
    expect([...before].sort()).toEqual(['2026-12-08', '2026-12-25']);

    const moved = await add(supervisor.cookie, { date: '2026-12-07', name: 'Día de la Constitución (trasladado)', kind: 'autonomico' });
    expect(moved.statusCode).toBe(201);
    const dropped = await exclude(supervisor.cookie, '2026-12-08', { excluded: true });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ date: '2026-12-08', kind: 'nacional', excluded: true });
    expect((await lastAction(ctx, 'holidays.exclude')).message).toContain('no se celebra');
    // Sent twice: still one exclusion, no error.
    expect((await exclude(supervisor.cookie, '2026-12-08', { excluded: true })).statusCode).toBe(200);
    expect((await list(supervisor.cookie, 2026)).json().holidays.find((h: { date: string }) => h.date === '2026-12-08')).toMatchObject({ excluded: true });

    expect([...(await holidayDatesBetween(ctx.db, home.id, '2026-12-01', '2026-12-31'))].sort()).toEqual(['2026-12-07', '2026-12-25']);
    // Inclusive on both ends, across a year; the other company keeps the national list.
    expect([...(await holidayDatesBetween(ctx.db, home.id, '2026-12-25', '2027-01-01'))].sort()).toEqual(['2026-12-25', '2027-01-01']);
    expect([...(await holidayDatesBetween(ctx.db, other.id, '2026-12-01', '2026-12-31'))].sort()).toEqual(['2026-12-08', '2026-12-25']);

    expect((await exclude(supervisor.cookie, '2026-12-09', { excluded: true })).statusCode).toBe(404);
    expect((await exclude(supervisor.cookie, '2026-13-01', { excluded: true })).statusCode).toBe(400);
    expect((await exclude(supervisor.cookie, '2026-12-08', {})).statusCode).toBe(400);

    const restored = await exclude(admin.cookie, '2026-12-08', { excluded: false, companyId: home.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await lastAction(ctx, 'holidays.restore')).actor_id).toBe(admin.id);
    expect([...(await holidayDatesBetween(ctx.db, home.id, '2026-12-01', '2026-12-31'))].sort()).toEqual(['2026-12-07', '2026-12-08', '2026-12-25']);
  });

  it('removes a company holiday, logged; holidayDatesBetween drops it', async () => {
    const added = (await add(supervisor.cookie, { date: '2027-05-15', name: 'San Isidro', kind: 'local' })).json();
    expect((await holidayDatesBetween(ctx.db, home.id, '2027-05-15', '2027-05-15')).has('2027-05-15')).toBe(true);
    const removed = await remove(supervisor.cookie, added.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await lastAction(ctx, 'holidays.remove')).message).toContain('«San Isidro» (2027-05-15)');
    expect((await holidayDatesBetween(ctx.db, home.id, '2027-05-15', '2027-05-15')).size).toBe(0);
    expect((await remove(supervisor.cookie, added.id)).statusCode).toBe(404);
  });

  it('keeps each company to its own calendar', async () => {
    const otherSupervisor = await signInAs(ctx, 'Supervisor', other.id);
    const theirs = (await add(otherSupervisor.cookie, { date: '2027-07-25', name: 'Santiago Apóstol', kind: 'autonomico' })).json();
    expect((await remove(supervisor.cookie, theirs.id)).statusCode).toBe(404);
    expect((await list(supervisor.cookie, 2027, other.id)).statusCode).toBe(404);
    expect((await add(supervisor.cookie, { date: '2027-07-26', name: 'X', kind: 'local', companyId: other.id })).statusCode).toBe(422);
    expect((await exclude(supervisor.cookie, '2027-01-06', { excluded: true, companyId: other.id })).statusCode).toBe(422);
    expect((await list(supervisor.cookie, 2027)).json().holidays.some((h: { name: string }) => h.name === 'Santiago Apóstol')).toBe(false);
    expect((await holidayDatesBetween(ctx.db, home.id, '2027-07-25', '2027-07-25')).size).toBe(0);
    // The administrator must name the company; employees have no calendar screen.
    expect((await list(admin.cookie, 2027)).statusCode).toBe(400);
    expect((await list(employee.cookie, 2027)).statusCode).toBe(403);
    expect((await add(employee.cookie, { date: '2027-07-27', name: 'X', kind: 'local' })).statusCode).toBe(403);
    expect((await remove(admin.cookie, theirs.id)).statusCode).toBe(200);
  });
});
