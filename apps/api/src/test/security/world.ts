import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { defaultGrantedViews, defaultRoleIds, type RoleName } from '@jornada/shared/permissions';
import { documentPhotoPng, signaturePng } from '../../ledgers/files/png';
import { hashToken } from '../../features/auth/session-policy';
import { apiTokenScopes, type ApiTokenScope } from '@jornada/shared/schemas/api-tokens';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { insertTestEvent } from '../factories';
import { multipart } from '../multipart';
import { createTestContext, type TestContext } from '../test-app';

/**
 * The isolation matrix's world: two companies built through the API (factories only where the API
 * cannot, e.g. events in the past), each holding every kind of object, and every text of company X
 * carrying X's marker string so a leak is a plain substring search.
 */

export const MARKERS = { A: 'ZetaMarcaA', B: 'ZetaMarcaB' } as const;
export type CompanyKey = keyof typeof MARKERS;

export const SIGNATURE = `data:image/png;base64,${signaturePng(7).toString('base64')}`;
export const HERE = { lat: 40.4168, lng: -3.7038, accuracy: 5 };
/** A browser's Web Push subscription (a real P-256 key, as browsers make them) at a made-up push service. */
export function pushSubscriptionOf(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint: `https://push.example.test/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface WorldUser {
  id: string;
  username: string;
  name: string;
  password: string;
  role: RoleName;
  companyId: string | null;
  cookie: string;
}

export interface CompanyWorld {
  key: CompanyKey;
  id: string;
  name: string;
  marker: string;
  employee: WorldUser;
  colleague: WorldUser;
  supervisor: WorldUser;
  category: { id: string };
  docs: { photo: string; text: string };
  /** Assigned to the employee, colleague and supervisor; `colleague*` only to the colleague. */
  events: { finished: { id: string }; active: { id: string }; scheduled: { id: string }; colleagueActive: { id: string }; colleagueFinished: { id: string } };
  material: { id: string; itemId: string; size: string };
  /** Per person (employee, colleague): a completed record, a work report with an attachment, loans and vacations in each state. */
  people: Record<'employee' | 'colleague', PersonObjects>;
  /** The supervisor's own record and work report (supervisors clock in and report too). */
  supervisorRecord: { id: string };
  supervisorReport: { id: string; attachmentId: string };
  payment: { userId: string; month: string };
  accessLink: { id: string; token: string } | null;
  /** Decision 050: a webhook to every event type, its address carrying the marker (null before webhooks existed). */
  webhook: { id: string } | null;
  /** A local holiday of the company's 'Calendario laboral', its name carrying the marker (null before it existed). */
  holiday: { id: string } | null;
  /** Decision 042: the 'TIP' type, and per person (employee, colleague) a qualification whose number carries the marker, with a photo (null before they existed). */
  qualifications: { typeId: string; byUser: Record<string, { id: string }> } | null;
  /** Decision 044: per person (employee, colleague, supervisor) a day they cannot work, its note carrying the marker (null before it existed). */
  unavailability: Record<string, { id: string }> | null;
  /** Decision 051: an event with open places of the category and the employee's pending claim (null before open shifts existed). */
  openShiftClaim: { id: string } | null;
  /**
   * Decision 052: an open offer of the colleague's, a swap the supervisor proposed to the colleague,
   * and an offer of the colleague's taken by the employee (awaiting approval); null before they existed.
   */
  swaps: { colleagueOffer: { id: string }; proposedToColleague: { id: string }; taken: { id: string } } | null;
}

export interface PersonObjects {
  record: { id: string };
  report: { id: string; attachmentId: string };
  loans: { pending: { id: string }; confirmed: { id: string }; returnRequested: { id: string } };
  vacations: { pending: { id: string }; proposed: { id: string }; processed: { id: string } };
  /** A pending correction of `record`'s sibling, proposed by the person (null before corrections existed). */
  correction: { id: string } | null;
}

export type World = Awaited<ReturnType<typeof createWorld>>;

export const WORLD_METRICS_TOKEN = 'token-de-metricas-del-mundo-de-pruebas-01';

async function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`world: ${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function createWorld() {
  // Metrics on, so the matrix proves /api/metrics opens to its token only and never carries a company's data.
  // API tokens (decision 054) make hundreds of matrix requests in one minute of the test clock: no rate limit here.
  const ctx: TestContext = await createTestContext({ env: { METRICS_TOKEN: WORLD_METRICS_TOKEN, API_TOKEN_RATE_LIMIT: '100000000' } });
  const now = ctx.clock().getTime();
  const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
  const call = (cookie: string | undefined, options: InjectOptions) => ctx.request({ ...options, cookie });
  const month = iso(0).slice(0, 7);

  const admin = await signIn('Administrador', null, 'Ana Administradora');

  async function signIn(role: RoleName, companyId: string | null, name: string, categoryIds: string[] = []): Promise<WorldUser> {
    const user = await ctx.factories.user({ role, companyId, name, categoryIds });
    return { ...user, role, companyId, cookie: await ctx.login(user.username, user.password) };
  }

  /** Runs `action` with the clock at `instant`, then puts it back (records and reports need the past). */
  async function at<T>(instant: string, action: () => Promise<T>): Promise<T> {
    const saved = ctx.clock().toISOString();
    ctx.clock.set(instant);
    try {
      return await action();
    } finally {
      ctx.clock.set(saved);
    }
  }

  async function clockInOut(user: WorldUser, eventId: string, startAt: string, endAt: string) {
    const started = await at(startAt, async () =>
      expectStatus(await call(user.cookie, { method: 'POST', url: '/api/time-records/start', payload: { eventId, location: HERE } }), 201, 'clock in'),
    );
    await at(endAt, async () =>
      expectStatus(await call(user.cookie, { method: 'POST', url: `/api/time-records/${started.id}/stop`, payload: { location: HERE } }), 200, 'clock out'),
    );
    return { id: started.id as string };
  }

  async function lend(company: { id: string; supervisor: WorldUser }, employeeId: string, material: { id: string; size: string }) {
    const loan = await expectStatus(
      await call(company.supervisor.cookie, { method: 'POST', url: '/api/material-loans', payload: { employeeId, items: [{ materialId: material.id, size: material.size, quantity: 1 }] } }),
      201,
      'loan',
    );
    return { id: loan.id as string };
  }

  async function writeReport(person: WorldUser, eventId: string, marker: string, slot: string) {
    const body = multipart({ eventId, observations: `Sin incidencias ${marker} (${slot})`, signature: SIGNATURE }, [
      { field: 'attachments', name: `adjunto-${marker}-${slot}.png`, content: documentPhotoPng(), type: 'image/png' },
    ]);
    const report = await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/work-reports', ...body }), 201, 'work report');
    const attachment = await ctx.db.selectFrom('work_report_attachments').select('file_id').where('report_id', '=', report.id).executeTakeFirstOrThrow();
    return { id: report.id as string, attachmentId: attachment.file_id };
  }

  const hasCorrections = ctx.app.registeredRoutes.some((route) => route.url === '/api/time-records/:id/corrections');
  /** Proposed (correct) times for a record made by completedRecord: half an hour earlier start. */
  const CORRECTED_START = () => iso(-29.5 * HOUR);

  /** A completed record of `user` on a new finished event of the company (clocked through the API). */
  async function completedRecord(user: WorldUser, company: { id: string }) {
    const event = await insertTestEvent(ctx.db, { companyId: company.id, name: 'Turno pasado', start: iso(-30 * HOUR), end: iso(-20 * HOUR), assignedTo: [user.id] });
    return clockInOut(user, event.id, iso(-29 * HOUR), iso(-21 * HOUR));
  }

  async function proposeCorrection(proposer: WorldUser, record: { id: string }, reason = 'Olvidé fichar a tiempo') {
    const correction = await expectStatus(
      await call(proposer.cookie, { method: 'POST', url: `/api/time-records/${record.id}/corrections`, payload: { startTime: CORRECTED_START(), reason } }),
      201,
      'correction',
    );
    return { id: correction.id as string };
  }

  async function createAccessLink(supervisor: WorldUser, marker: string) {
    const payload = { from: iso(-5 * DAY).slice(0, 10), to: iso(0).slice(0, 10), expiresInDays: 7, purpose: `Inspección ${marker}` };
    const created = await expectStatus(await call(supervisor.cookie, { method: 'POST', url: '/api/access-links', payload }), 201, 'access link');
    return { id: created.link.id as string, token: created.token as string };
  }

  /** Made by the administrator: a test that withdraws the supervisor's views still gets fresh ones. */
  async function createWebhook(companyId: string, marker: string) {
    const payload = { url: `https://hooks.example.test/${marker}/${randomUUID()}`, events: ['fichaje.entrada', 'fichaje.salida', 'asignacion.creada', 'asignacion.retirada', 'vacaciones.decision'], companyId };
    const created = await expectStatus(await call(admin.cookie, { method: 'POST', url: '/api/webhooks', payload }), 201, 'webhook');
    return { id: created.subscription.id as string };
  }

  /** A future shift of `userId` alone, 3 hours after the previous one from day 10 (decision 052's rows: no double booking). */
  let swapSlots = 0;
  async function swapShift(companyId: string, userId: string, marker: string) {
    const start = 10 * DAY + swapSlots++ * 3 * HOUR;
    return insertTestEvent(ctx.db, { companyId, name: `Relevo ${marker}`, start: iso(start), end: iso(start + 2 * HOUR), assignedTo: [userId] });
  }
  /** A swap row on a fresh shift of `from`, as the shift-swaps service writes it. */
  async function insertSwap(companyId: string, swap: { kind: 'offer' | 'swap'; state: 'open' | 'taken'; from: string; to: string | null }, marker: string) {
    const event = await swapShift(companyId, swap.from, marker);
    const id = `swp-${companyId}-${swapSlots}`;
    const at = ctx.clock().toISOString();
    await ctx.db
      .insertInto('shift_swaps')
      .values({ id, company_id: companyId, kind: swap.kind, state: swap.state, from_user_id: swap.from, from_event_id: event.id, to_user_id: swap.to, created_at: at, taken_at: swap.state === 'taken' ? at : null })
      .execute();
    return { id };
  }

  async function buildCompany(key: CompanyKey): Promise<CompanyWorld> {
    const marker = MARKERS[key];
    const company = await ctx.factories.company(`Empresa ${marker}`);
    const lower = key.toLowerCase();
    const category = await ctx.factories.category({ name: `Vigilante ${marker}`, priceCents: 1500, companyIds: [company.id] });
    const docs = { photo: `doc-${lower}-foto`, text: `doc-${lower}-texto` };
    await ctx.db
      .insertInto('category_documents')
      .values([
        { id: docs.photo, category_id: category.id, name: `DNI ${marker}`, type: 'foto', position: 0 },
        { id: docs.text, category_id: category.id, name: `TIP ${marker}`, type: 'escrito', position: 1 },
      ])
      .execute();
    const employee = await signIn('Empleado', company.id, `Juan ${marker}`, [category.id]);
    const colleague = await signIn('Empleado', company.id, `Lucía ${marker}`, [category.id]);
    const supervisor = await signIn('Supervisor', company.id, `Marta ${marker}`, [category.id]);
    const staff = [employee.id, colleague.id, supervisor.id];

    const finished = await insertTestEvent(ctx.db, { companyId: company.id, name: `Concierto ${marker}`, location: `Estadio ${marker}`, start: iso(-30 * HOUR), end: iso(-20 * HOUR), assignedTo: staff });
    const active = await insertTestEvent(ctx.db, { companyId: company.id, name: `Feria ${marker}`, location: `Recinto ${marker}`, start: iso(-HOUR), end: iso(6 * HOUR), assignedTo: staff });
    const scheduled = await insertTestEvent(ctx.db, { companyId: company.id, name: `Gala ${marker}`, location: `Teatro ${marker}`, start: iso(2 * DAY), end: iso(2 * DAY + 5 * HOUR), assignedTo: staff });
    const colleagueActive = await insertTestEvent(ctx.db, { companyId: company.id, name: `Turno ${marker}`, start: iso(-HOUR), end: iso(6 * HOUR), assignedTo: [colleague.id] });
    const colleagueFinished = await insertTestEvent(ctx.db, { companyId: company.id, name: `Ronda ${marker}`, start: iso(-12 * HOUR), end: iso(-11 * HOUR), assignedTo: [colleague.id] });

    const material = await expectStatus(
      await call(supervisor.cookie, { method: 'POST', url: '/api/material', payload: { name: `Casco ${marker}`, items: [{ size: 'M', quantity: 500 }] } }),
      201,
      'material',
    );
    const materialRef = { id: material.id as string, itemId: material.items[0].id as string, size: 'M' };
    const companyRef = { id: company.id, supervisor };

    const people = {} as CompanyWorld['people'];
    for (const [slot, person] of [['employee', employee], ['colleague', colleague]] as const) {
      await expectStatus(await call(person.cookie, { method: 'PUT', url: `/api/my-documents/${docs.text}/text`, payload: { value: `TIP ${marker} de ${slot}` } }), 200, 'document text');
      const photo = multipart({}, [{ field: 'file', name: `dni-${marker}-${slot}.png`, content: documentPhotoPng(), type: 'image/png' }]);
      await expectStatus(await call(person.cookie, { method: 'PUT', url: `/api/my-documents/${docs.photo}/photo`, ...photo }), 200, 'document photo');
      await expectStatus(await call(person.cookie, { method: 'PUT', url: '/api/my-signature', payload: { signature: SIGNATURE } }), 200, 'signature');

      const record = await clockInOut(person, finished.id, iso(-29 * HOUR), iso(-21 * HOUR));
      const report = await writeReport(person, finished.id, marker, slot);

      const pendingLoan = await lend(companyRef, person.id, materialRef);
      const confirmedLoan = await lend(companyRef, person.id, materialRef);
      await expectStatus(await call(person.cookie, { method: 'POST', url: `/api/material-loans/${confirmedLoan.id}/confirm`, payload: { signature: SIGNATURE } }), 200, 'confirm loan');
      const returnLoan = await lend(companyRef, person.id, materialRef);
      await expectStatus(await call(person.cookie, { method: 'POST', url: `/api/material-loans/${returnLoan.id}/confirm`, payload: { signature: SIGNATURE } }), 200, 'confirm loan');
      await expectStatus(await call(supervisor.cookie, { method: 'POST', url: `/api/material-loans/${returnLoan.id}/return-request` }), 200, 'return request');

      const offset = slot === 'employee' ? 10 : 20;
      const day = (n: number) => iso((offset + n) * DAY).slice(0, 10);
      const pendingVacation = await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/my-vacations', payload: { dates: [day(0)] } }), 201, 'own vacation');
      const proposed = await expectStatus(await call(supervisor.cookie, { method: 'POST', url: '/api/vacations', payload: { employeeId: person.id, dates: [day(2)] } }), 201, 'proposed vacation');
      const processed = await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/my-vacations', payload: { dates: [day(4)] } }), 201, 'own vacation');
      await expectStatus(await call(supervisor.cookie, { method: 'POST', url: `/api/vacations/${processed.id}/approve` }), 200, 'approve vacation');

      people[slot] = {
        record,
        report,
        loans: { pending: pendingLoan, confirmed: confirmedLoan, returnRequested: returnLoan },
        vacations: { pending: { id: pendingVacation.id }, proposed: { id: proposed.id }, processed: { id: processed.id } },
        correction: hasCorrections ? await proposeCorrection(person, await completedRecord(person, companyRef), `Olvidé fichar ${marker}`) : null,
      };
    }
    await expectStatus(await call(supervisor.cookie, { method: 'PUT', url: '/api/my-signature', payload: { signature: SIGNATURE } }), 200, 'signature');
    const supervisorRecord = await clockInOut(supervisor, finished.id, iso(-28 * HOUR), iso(-22 * HOUR));
    const supervisorReport = await writeReport(supervisor, finished.id, marker, 'supervisor');
    await expectStatus(await call(supervisor.cookie, { method: 'POST', url: '/api/payments', payload: { userId: employee.id, month } }), 201, 'payment');

    // A browser subscribed to Web Push per person, its endpoint carrying the marker (decision 037).
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/push/subscriptions')) {
      for (const [slot, person] of [['employee', employee], ['colleague', colleague], ['supervisor', supervisor]] as const) {
        await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/push/subscriptions', payload: pushSubscriptionOf(`${marker}-${slot}`) }), 200, 'push subscription');
      }
    }

    let accessLink: CompanyWorld['accessLink'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/access-links')) accessLink = await createAccessLink(supervisor, marker);

    let holiday: CompanyWorld['holiday'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/holidays')) {
      const made = await expectStatus(await call(supervisor.cookie, { method: 'POST', url: '/api/holidays', payload: { date: '2027-06-24', name: `Fiesta ${marker}`, kind: 'local' } }), 201, 'holiday');
      holiday = { id: made.id as string };
    }

    let qualifications: CompanyWorld['qualifications'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/qualification-types')) {
      const types = await expectStatus(await call(supervisor.cookie, { method: 'GET', url: '/api/qualification-types' }), 200, 'qualification types');
      const typeId = (types.items as { id: string }[])[0]!.id;
      const byUser: Record<string, { id: string }> = {};
      for (const person of [employee, colleague]) {
        const made = await expectStatus(
          await call(supervisor.cookie, { method: 'POST', url: `/api/employees/${person.id}/qualifications`, payload: { typeId, number: `TIP ${marker}`, expiresOn: '2027-01-31' } }),
          201,
          'qualification',
        );
        const form = multipart({}, [{ field: 'file', name: `tip-${marker}.png`, content: documentPhotoPng(), type: 'image/png' }]);
        await expectStatus(await call(supervisor.cookie, { method: 'PUT', url: `/api/qualifications/${made.id}/photo`, payload: form.payload, headers: form.headers }), 200, 'qualification photo');
        byUser[person.id] = { id: made.id as string };
      }
      qualifications = { typeId, byUser };
    }

    // A day far ahead (no event of the matrix falls on it): an assignment warning would change other rows' answers.
    let unavailability: CompanyWorld['unavailability'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/my-unavailability')) {
      unavailability = {};
      for (const person of [employee, colleague, supervisor]) {
        const payload = { kind: 'dates', startDate: '2029-01-01', endDate: '2029-01-01', allDay: true, note: `Examen ${marker}` };
        const made = await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/my-unavailability', payload }), 201, 'unavailability');
        unavailability[person.id] = { id: made.id as string };
      }
    }

    // A webhook to every event type, its address carrying the marker (decision 050).
    let webhook: CompanyWorld['webhook'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/webhooks')) webhook = await createWebhook(company.id, marker);

    // Decision 051: an open place far ahead and the employee's pending claim of it.
    let openShiftClaim: CompanyWorld['openShiftClaim'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/open-shifts')) {
      const event = await insertTestEvent(ctx.db, { companyId: company.id, name: `Turno abierto ${marker}`, start: iso(60 * DAY), end: iso(60 * DAY + HOUR) });
      await ctx.db.insertInto('event_open_places').values({ event_id: event.id, company_id: company.id, category_id: category.id, places: 1, remaining: 1 }).execute();
      openShiftClaim = { id: `osc-${randomUUID()}` };
      await ctx.db
        .insertInto('open_shift_claims')
        .values({ id: openShiftClaim.id, event_id: event.id, company_id: company.id, category_id: category.id, user_id: employee.id, state: 'pending', created_at: iso(0) })
        .execute();
    }

    // Decision 052: swaps written as the service would, on shifts of their own hours (no clash with other rows).
    let swaps: CompanyWorld['swaps'] = null;
    if (ctx.app.registeredRoutes.some((route) => route.url === '/api/shift-swaps')) {
      const colleagueOffer = await insertSwap(company.id, { kind: 'offer', state: 'open', from: colleague.id, to: null }, marker);
      const proposedToColleague = await insertSwap(company.id, { kind: 'offer', state: 'open', from: supervisor.id, to: colleague.id }, marker);
      await ctx.db.updateTable('shift_swaps').set({ kind: 'swap', to_event_id: (await swapShift(company.id, colleague.id, marker)).id }).where('id', '=', proposedToColleague.id).execute();
      const taken = await insertSwap(company.id, { kind: 'offer', state: 'taken', from: colleague.id, to: employee.id }, marker);
      swaps = { colleagueOffer, proposedToColleague, taken };
    }

    return {
      key,
      id: company.id,
      name: company.name,
      marker,
      employee,
      colleague,
      supervisor,
      category: { id: category.id },
      docs,
      events: { finished, active, scheduled, colleagueActive, colleagueFinished },
      material: materialRef,
      people,
      supervisorRecord,
      supervisorReport,
      payment: { userId: employee.id, month },
      accessLink,
      holiday,
      qualifications,
      unavailability,
      webhook,
      openShiftClaim,
      swaps,
    };
  }

  const A = await buildCompany('A');
  const B = await buildCompany('B');

  // A custom role given only to company B: its name must never reach company A.
  const roleB = await expectStatus(await call(admin.cookie, { method: 'POST', url: '/api/roles', payload: { name: `Rol ${MARKERS.B}` } }), 201, 'role');
  await expectStatus(await call(admin.cookie, { method: 'PUT', url: `/api/roles/${roleB.id}/companies`, payload: { companyIds: [B.id] } }), 200, 'role companies');

  // Decision 043: company B's people hold custom roles, so every row's employee and supervisor
  // expectations are checked on a custom role too (B's actors): the employee and the colleague hold
  // roleB, based on Empleado; the supervisor a role based on Supervisor. Each is granted the views of
  // its base, as a company would to make it work like the default role.
  const chiefB = await expectStatus(
    await call(admin.cookie, { method: 'POST', url: '/api/roles', payload: { name: `Jefe de equipo ${MARKERS.B}`, base: 'Supervisor' } }),
    201,
    'custom supervisor role',
  );
  await expectStatus(await call(admin.cookie, { method: 'PUT', url: `/api/roles/${chiefB.id}/companies`, payload: { companyIds: [B.id] } }), 200, 'role companies');
  await expectStatus(
    await call(admin.cookie, {
      method: 'PUT',
      url: `/api/permissions/${B.id}`,
      payload: { permissions: { [roleB.id]: defaultGrantedViews('Empleado'), [chiefB.id]: defaultGrantedViews('Supervisor') } },
    }),
    200,
    'custom role views',
  );
  await giveRole(B, B.supervisor, chiefB.id as string);
  await giveRole(B, B.employee, roleB.id as string);
  await giveRole(B, B.colleague, roleB.id as string);

  /** The administrator's 'Editar usuario' with only the role changed. */
  async function giveRole(company: { id: string }, user: WorldUser, roleId: string) {
    const users = await expectStatus(await call(admin.cookie, { method: 'GET', url: `/api/users?companyId=${company.id}&limit=200` }), 200, 'users');
    const current = (users.items as { id: string; name: string; username: string; email: string | null; phone: string | null; categoryIds: string[] }[]).find((item) => item.id === user.id);
    if (!current) throw new Error(`world: no user ${user.id}`);
    const { name, username, email, phone, categoryIds } = current;
    const payload = { name, username, email, phone, roleId, companyId: company.id, categoryIds };
    await expectStatus(await call(admin.cookie, { method: 'PUT', url: `/api/users/${user.id}`, payload }), 200, 'give role');
  }

  // A disabled user's old session: signed in, then disabled by the supervisor through the API.
  const disabled = await signIn('Empleado', A.id, `Inactivo ${MARKERS.A}`);
  const disabledSession = await sessionRow(disabled);
  await expectStatus(await call(A.supervisor.cookie, { method: 'PUT', url: `/api/employees/${disabled.id}/access`, payload: { isDisabled: true } }), 200, 'disable');

  // An expired session: a supervisor of A who signed in eight days ago (absolute expiry is seven).
  const expired = await at(iso(-8 * DAY), () => signIn('Supervisor', A.id, `Caducado ${MARKERS.A}`));
  const expiredSession = await sessionRow(expired);

  /** The stored session behind a cookie, to put back after the server deletes it as dead. */
  async function sessionRow(user: WorldUser) {
    const token = decodeURIComponent(user.cookie.slice(user.cookie.indexOf('=') + 1));
    return ctx.db.selectFrom('sessions').selectAll().where('id', '=', hashToken(token)).executeTakeFirstOrThrow();
  }
  /** Presents a dead session again: the row comes back exactly as it was when the user was disabled or it expired. */
  const revive = (saved: Awaited<ReturnType<typeof sessionRow>>) => async () => {
    const present = await ctx.db.selectFrom('sessions').select('id').where('id', '=', saved.id).executeTakeFirst();
    if (!present) await ctx.db.insertInto('sessions').values(saved).execute();
  };

  /** An API token of `userId` written straight to the table (a disabled user can no longer make one). */
  async function insertApiToken(userId: string, scopes: readonly ApiTokenScope[]) {
    const secret = `jrn_${newSecretToken()}`;
    const id = `apitok-${randomUUID()}`;
    await ctx.db
      .insertInto('api_tokens')
      .values({ id, user_id: userId, name: 'Token de la matriz', token_hash: hashSecretToken(secret), hint: secret.slice(0, 8), scopes: scopes.join(','), created_at: iso(-DAY), expires_at: null, revoked_at: null, last_used_at: null })
      .execute();
    return { id, secret };
  }
  // Every person of the world holds three tokens: every scope, only 'perfil:leer', and every scope but
  // 'perfil:leer'; a route's "without its scope" token is whichever of the last two lacks it.
  const apiTokens = new Map<string, { all: { id: string; secret: string }; onlyProfile: { id: string; secret: string }; allButProfile: { id: string; secret: string } }>();
  for (const person of [admin, disabled, expired, A.employee, A.colleague, A.supervisor, B.employee, B.colleague, B.supervisor]) {
    apiTokens.set(person.id, {
      all: await insertApiToken(person.id, apiTokenScopes),
      onlyProfile: await insertApiToken(person.id, ['perfil:leer']),
      allButProfile: await insertApiToken(person.id, apiTokenScopes.filter((scope) => scope !== 'perfil:leer')),
    });
  }

  /** Fresh objects for requests that succeed and consume what they act on (delete, approve, confirm…). */
  let qualificationTypes = 0;
  const make = {
    async event(company: CompanyWorld, assignedTo: string[] = [company.employee.id, company.colleague.id, company.supervisor.id], when: 'scheduled' | 'active' | 'finished' = 'scheduled') {
      const [start, end] = ({ scheduled: [3 * DAY, 3 * DAY + HOUR], active: [-HOUR, 5 * HOUR], finished: [-10 * HOUR, -9 * HOUR] } as const)[when];
      return insertTestEvent(ctx.db, { companyId: company.id, name: `Evento ${company.marker}`, start: iso(start), end: iso(end), assignedTo });
    },
    async material(company: CompanyWorld) {
      const material = await expectStatus(
        await call(company.supervisor.cookie, { method: 'POST', url: '/api/material', payload: { name: `Chaleco ${company.marker}`, items: [{ size: 'L', quantity: 5 }] } }),
        201,
        'material',
      );
      return { id: material.id as string, itemId: material.items[0].id as string };
    },
    async loan(company: CompanyWorld, person: WorldUser, state: 'pending' | 'confirmed' | 'returnRequested') {
      const loan = await lend(company, person.id, company.material);
      if (state !== 'pending') await expectStatus(await call(person.cookie, { method: 'POST', url: `/api/material-loans/${loan.id}/confirm`, payload: { signature: SIGNATURE } }), 200, 'confirm loan');
      if (state === 'returnRequested') await expectStatus(await call(company.supervisor.cookie, { method: 'POST', url: `/api/material-loans/${loan.id}/return-request` }), 200, 'return request');
      return loan;
    },
    vacationDay: (() => {
      let next = 100;
      return () => iso(next++ * DAY).slice(0, 10);
    })(),
    async vacation(company: CompanyWorld, person: WorldUser, state: 'pending' | 'proposed' | 'processed') {
      const dates = [make.vacationDay()];
      if (state === 'proposed') {
        const proposed = await expectStatus(await call(company.supervisor.cookie, { method: 'POST', url: '/api/vacations', payload: { employeeId: person.id, dates } }), 201, 'vacation');
        return { id: proposed.id as string };
      }
      const own = await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/my-vacations', payload: { dates } }), 201, 'vacation');
      if (state === 'processed') await expectStatus(await call(company.supervisor.cookie, { method: 'POST', url: `/api/vacations/${own.id}/approve` }), 200, 'approve');
      return { id: own.id as string };
    },
    /** A throwaway user of the actor's role and company, signed in (password changes, logout, access). */
    async user(role: RoleName, companyId: string | null, name = 'Persona temporal') {
      return signIn(role, companyId, name);
    },
    company: (() => {
      let next = 0;
      return async () => ctx.factories.company(`Empresa temporal ${++next}`);
    })(),
    async category(companyIds: string[] = []) {
      return ctx.factories.category({ companyIds });
    },
    async role() {
      const role = await expectStatus(await call(admin.cookie, { method: 'POST', url: '/api/roles', payload: { name: `Rol temporal ${make.unique()}` } }), 201, 'role');
      return { id: role.id as string };
    },
    unique: (() => {
      let next = 0;
      return () => `${Date.now().toString(36)}${++next}`;
    })(),
    accessLink: (company: CompanyWorld) => createAccessLink(company.supervisor, company.marker),
    /** Decision 052: a shift of the person's own, and swap rows (an open offer, one taken awaiting approval). */
    swapShift: (company: CompanyWorld, userId: string) => swapShift(company.id, userId, company.marker),
    swap: (company: CompanyWorld, swap: { state: 'open' | 'taken'; from: string; to: string | null }) => insertSwap(company.id, { kind: 'offer', ...swap }, company.marker),
    webhook: (company: CompanyWorld) => createWebhook(company.id, company.marker),
    completedRecord,
    correctedStart: CORRECTED_START,
    /** A pending correction of a new record of `owner`, proposed by `proposer` (the owner or the company side). */
    async correction(owner: WorldUser, proposer: WorldUser, company: { id: string }) {
      return proposeCorrection(proposer, await completedRecord(owner, company));
    },
    /** Makes sure `user` has no timer running, so a clock-in can succeed. */
    async noActiveTimer(user: WorldUser) {
      await ctx.db.updateTable('time_records').set({ status: 'completado', end_time: iso(0), duration: 0 }).where('user_id', '=', user.id).where('status', '=', 'activo').execute();
    },
    /** A running timer of `user` on the company's active event. */
    async activeTimer(user: WorldUser, company: CompanyWorld) {
      await make.noActiveTimer(user);
      const started = await expectStatus(
        await call(user.cookie, { method: 'POST', url: '/api/time-records/start', payload: { eventId: company.events.active.id, location: HERE } }),
        201,
        'clock in',
      );
      return { id: started.id as string };
    },
    /** A local holiday of the company on a day no other one uses (each succeeding delete consumes one). */
    async holiday(company: CompanyWorld) {
      const date = make.holidayDay();
      const made = await expectStatus(await call(company.supervisor.cookie, { method: 'POST', url: '/api/holidays', payload: { date, name: `Fiesta ${company.marker}`, kind: 'local' } }), 201, 'holiday');
      return { id: made.id as string };
    },
    /** A qualification of the company's employee (each succeeding delete consumes one). */
    async qualification(company: CompanyWorld) {
      const payload = { typeId: company.qualifications!.typeId, number: `Nº ${company.marker}` };
      // The administrator makes it: a company may have withdrawn 'view-employees' from its supervisors.
      const made = await expectStatus(await call(admin.cookie, { method: 'POST', url: `/api/employees/${company.employee.id}/qualifications`, payload }), 201, 'qualification');
      return { id: made.id as string };
    },
    /** A qualification type nobody holds (each succeeding delete consumes one). */
    async qualificationType(company: CompanyWorld) {
      const name = `Titulación ${company.marker} ${++qualificationTypes}`;
      const made = await expectStatus(await call(company.supervisor.cookie, { method: 'POST', url: '/api/qualification-types', payload: { name } }), 201, 'qualification type');
      return { id: made.id as string };
    },
    /** A day `person` cannot work, made by them (each succeeding delete consumes one). */
    async unavailability(person: WorldUser) {
      const payload = { kind: 'dates', startDate: '2029-02-01', endDate: '2029-02-01', allDay: true };
      const made = await expectStatus(await call(person.cookie, { method: 'POST', url: '/api/my-unavailability', payload }), 201, 'unavailability');
      return { id: made.id as string };
    },
    /** Days of 2028 (no national data), one after another, for holidays made by the matrix. */
    holidayDay: (() => {
      let next = 0;
      return () => new Date(Date.UTC(2028, 0, 1) + next++ * DAY).toISOString().slice(0, 10);
    })(),
    /** A new API token of `user` (each succeeding revocation consumes one). */
    apiToken: (user: { id: string }) => insertApiToken(user.id, ['perfil:leer']),
    /** A finished event without a report, assigned to `user`, for a new work report. */
    async reportableEvent(company: CompanyWorld, user: WorldUser) {
      return make.event(company, [user.id], 'finished');
    },
  };

  return { ctx, admin, A, B, disabled, expired, apiTokens, reviveDisabled: revive(disabledSession), reviveExpired: revive(expiredSession), roleB: { id: roleB.id as string }, chiefB: { id: chiefB.id as string }, make, month, roleIds: defaultRoleIds };
}
