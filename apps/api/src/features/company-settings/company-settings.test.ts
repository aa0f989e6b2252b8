import { describe, expect, it } from 'vitest';
import { AUTO_CLOCK_OUT_TOLERANCE_MESSAGE } from '@jornada/shared/schemas/company-settings';
import { lastAction } from '../../test/last-action';
import { useTwoCompanies } from '../../test/worlds';
import { getCompanySettings } from './company-settings.service';

/* Issue 24: 'Ajustes de fichaje', the company's clocking rules, set by the administrator. */

const { ctx, home, other, admin, supervisor, employee } = useTwoCompanies({ ownInstantPerTest: true });
const url = (companyId: string) => `/api/companies/${companyId}/settings`;
const get = (companyId: string, cookie: string) => ctx.request({ method: 'GET', url: url(companyId), cookie });
const put = (companyId: string, cookie: string, payload: object) => ctx.request({ method: 'PUT', url: url(companyId), cookie, payload });
const valid = { geofenceMode: 'refuse', autoClockOut: true, autoClockOutToleranceMin: 45 };

describe('company settings', () => {
  it('answers the defaults for a company never saved', async () => {
    const response = await get(other.id, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ companyId: other.id, geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, qualificationCheck: 'warn', acceptAssignments: false, openShiftMode: 'first_come', supervisorTwoFactor: false, updatedAt: null });
  });

  it('saves them, logs the change, and reads them back; the other company keeps its own', async () => {
    const saved = await put(home.id, admin.cookie, valid);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ companyId: home.id, ...valid, qualificationCheck: 'warn', acceptAssignments: false, openShiftMode: 'first_come', supervisorTwoFactor: false, updatedAt: ctx.clock().toISOString() });
    expect((await get(home.id, admin.cookie)).json()).toMatchObject(valid);
    expect(await getCompanySettings(ctx.db, home.id)).toEqual({ geofenceMode: 'refuse', autoClockOut: true, autoClockOutToleranceMin: 45, qualificationCheck: 'warn', acceptAssignments: false, openShiftMode: 'first_come', supervisorTwoFactor: false });
    expect(await getCompanySettings(ctx.db, other.id)).toEqual({ geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 30, qualificationCheck: 'warn', acceptAssignments: false, openShiftMode: 'first_come', supervisorTwoFactor: false });
    const entry = await lastAction(ctx, 'company.settings');
    expect(entry).toMatchObject({
      actor_id: admin.id,
      company_id: home.id,
      message: `Ana Admin ha cambiado los ajustes de fichaje de la empresa «${home.name}»: fuera de zona «Rechazar el fichaje», cierre automático activado (tolerancia 45 min), titulaciones «Avisar y asignar», aceptación de turnos desactivada, turnos abiertos «Por orden de solicitud», verificación en dos pasos para supervisores opcional`,
    });

    const again = await put(home.id, admin.cookie, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 0, qualificationCheck: 'refuse' });
    expect(again.statusCode).toBe(200);
    expect((await get(home.id, admin.cookie)).json()).toMatchObject({ geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 0, qualificationCheck: 'refuse' });
    expect((await lastAction(ctx, 'company.settings')).message).toMatch(/fuera de zona «Permitir y marcar», cierre automático desactivado, titulaciones «Impedir la asignación», aceptación de turnos desactivada, turnos abiertos «Por orden de solicitud», verificación en dos pasos para supervisores opcional$/);
    // A client that does not send it keeps the saved choice (decision 042).
    await put(home.id, admin.cookie, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 0 });
    expect((await get(home.id, admin.cookie)).json()).toMatchObject({ qualificationCheck: 'refuse' });
    // Decision 051: 'Turnos abiertos' with approval, kept when a later client omits it.
    await put(home.id, admin.cookie, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 0, openShiftMode: 'approval' });
    expect((await lastAction(ctx, 'company.settings')).message).toMatch(/turnos abiertos «Con aprobación del supervisor», verificación en dos pasos para supervisores opcional$/);
    await put(home.id, admin.cookie, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 0 });
    expect((await get(home.id, admin.cookie)).json()).toMatchObject({ openShiftMode: 'approval' });
    expect((await put(home.id, admin.cookie, { geofenceMode: 'flag', autoClockOut: false, autoClockOutToleranceMin: 0, openShiftMode: 'whenever' })).statusCode).toBe(400);
  });

  it('refuses bad input with a Spanish message, changing nothing', async () => {
    const before = (await get(home.id, admin.cookie)).json();
    for (const [payload, message] of [
      [{ ...valid, autoClockOutToleranceMin: -1 }, AUTO_CLOCK_OUT_TOLERANCE_MESSAGE],
      [{ ...valid, autoClockOutToleranceMin: 721 }, AUTO_CLOCK_OUT_TOLERANCE_MESSAGE],
      [{ ...valid, autoClockOutToleranceMin: 1.5 }, AUTO_CLOCK_OUT_TOLERANCE_MESSAGE],
      [{ ...valid, autoClockOutToleranceMin: '30' }, AUTO_CLOCK_OUT_TOLERANCE_MESSAGE],
      [{ ...valid, geofenceMode: 'ignore' }, 'Elige qué hacer con un fichaje fuera de zona.'],
      [{ geofenceMode: 'flag', autoClockOutToleranceMin: 30 }, 'Indica si el cierre automático está activado.'],
    ] as const) {
      const response = await put(home.id, admin.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await put(home.id, admin.cookie, { ...valid, autoClockOutToleranceMin: 720 })).statusCode).toBe(200);
    await put(home.id, admin.cookie, before);
  });

  it('is the administrator’s: supervisors and employees are refused, an unknown company is not found', async () => {
    expect((await get(home.id, supervisor.cookie)).statusCode).toBe(403);
    expect((await put(home.id, supervisor.cookie, valid)).statusCode).toBe(403);
    expect((await get(home.id, employee.cookie)).statusCode).toBe(403);
    expect((await put(other.id, supervisor.cookie, valid)).statusCode).toBe(403);
    const unknown = await put('comp_unknown', admin.cookie, valid);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Empresa no encontrada.');
    expect((await get('comp_unknown', admin.cookie)).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('company_settings').select('company_id').where('company_id', '=', 'comp_unknown').execute()).toEqual([]);
  });

  it('goes with its company when the company is deleted', async () => {
    const doomed = await ctx.factories.company('Empresa Efímera');
    expect((await put(doomed.id, admin.cookie, valid)).statusCode).toBe(200);
    const deleted = await ctx.request({ method: 'DELETE', url: `/api/companies/${doomed.id}`, cookie: admin.cookie, payload: { confirmName: doomed.name } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.db.selectFrom('company_settings').select('company_id').where('company_id', '=', doomed.id).execute()).toEqual([]);
  });
});
