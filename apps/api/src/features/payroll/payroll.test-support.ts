import { createTestClock, createTestContext, type TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { insertRecord } from '../registro/registro.test-support';

export const CRAFTED_MONTH = '2026-12';

export interface CraftedMonth {
  ctx: TestContext;
  companyA: { id: string; name: string };
  companyB: { id: string; name: string };
  supervisor: SignedInUser;
  foreignSupervisor: SignedInUser;
  ana: SignedInUser;
  bruno: SignedInUser;
  foreignEmployee: SignedInUser;
  admin: SignedInUser;
  overtimeRecordId: string;
  /** Another completed record, written straight to the table. */
  record: (user: SignedInUser, companyId: string, start: string, end: string, flags?: string) => Promise<string>;
}

/**
 * December 2026 of two companies, the figures of payroll.test.ts's hand computation: 'Norte' with
 * Ana (Vigilante, 22,50 €/h) and Bruno ('Por Convenio'), 'Sur' with one worker. The clock stands in
 * early January 2027: December is past, so its records can be corrected.
 */
export async function craftMonth(): Promise<CraftedMonth> {
  const ctx = await createTestContext({ clock: createTestClock('2027-01-08T10:00:00.000Z') });
  const record: CraftedMonth['record'] = (user, companyId, start, end, flags) => insertRecord(ctx.db, { userId: user.id, companyId, start, end, ...(flags ? { flags } : {}) });
  const companyA = await ctx.factories.company('Norte');
  const companyB = await ctx.factories.company('Sur');
  const supervisor = await signInAs(ctx, 'Supervisor', companyA.id);
  const foreignSupervisor = await signInAs(ctx, 'Supervisor', companyB.id);
  const ana = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Ana Nocturna', categoryIds: ['cat-vigilante'] });
  const bruno = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Bruno Convenio', categoryIds: ['cat-proteccion-civil'] });
  const foreignEmployee = await signInAs(ctx, 'Empleado', companyB.id, { name: 'Marcador Sur', categoryIds: ['cat-vigilante'] });
  const admin = await signInAs(ctx, 'Administrador');
  // December 2026 in Madrid (UTC+1 all month; 8 December is a national holiday).
  // Night shift across midnight: Thu 3rd 20:00 – Fri 4th 04:00 local → 2 h ordinary, 6 h night.
  await record(ana, companyA.id, '2026-12-03T19:00:00.000Z', '2026-12-04T03:00:00.000Z');
  // Holiday shift: Tue 8th (Inmaculada) 08:00–16:00 local → 8 h holiday.
  await record(ana, companyA.id, '2026-12-08T07:00:00.000Z', '2026-12-08T15:00:00.000Z');
  // Long day: Thu 10th 07:00–18:00 local → 11 h ordinary, 2 h beyond the 9 h daily limit.
  const overtimeRecordId = await record(ana, companyA.id, '2026-12-10T06:00:00.000Z', '2026-12-10T17:00:00.000Z');
  // Sent offline: Mon 14th 09:00–10:00 local, counted and marked.
  await record(ana, companyA.id, '2026-12-14T08:00:00.000Z', '2026-12-14T09:00:00.000Z', 'sin-conexion');
  // 30 November 23:30 local is November's; 31 December 23:30 UTC is already 1 January in Madrid.
  await record(ana, companyA.id, '2026-11-30T22:30:00.000Z', '2026-11-30T23:00:00.000Z');
  await record(ana, companyA.id, '2026-12-31T23:30:00.000Z', '2027-01-01T00:30:00.000Z');
  // 'Por Convenio': minutes but no amounts.
  await record(bruno, companyA.id, '2026-12-05T09:00:00.000Z', '2026-12-05T13:00:00.000Z');
  await record(foreignEmployee, companyB.id, '2026-12-05T09:00:00.000Z', '2026-12-05T19:00:00.000Z');
  return { ctx, companyA, companyB, supervisor, foreignSupervisor, ana, bruno, foreignEmployee, admin, overtimeRecordId, record };
}
