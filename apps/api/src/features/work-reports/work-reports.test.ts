import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS, MAX_FILE_BYTES } from '@jornada/shared/files';
import { signaturePng } from '../../ledgers/files/png';
import { MAX_UPLOADS_PER_USER } from '../../ledgers/files/uploads';
import { insertTestEvent } from '../../test/factories';
import { lastAction } from '../../test/last-action';
import { multipart, type MultipartFile } from '../../test/multipart';
import { signInWhereViewWithheld, useStaffedCompanies } from '../../test/worlds';

const { ctx, companyA, companyB, employee, colleague, supervisor, foreignEmployee, admin } = useStaffedCompanies();

const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;
const HOUR = 3_600_000;

/** An event of `companyId` that ended `endedHoursAgo` hours before the test clock (negative: still to end). */
function eventEnded(companyId: string, assignedTo: string[], endedHoursAgo = 1, name = 'Concierto') {
  const now = ctx.clock().getTime();
  return insertTestEvent(ctx.db, {
    companyId,
    name,
    location: 'Palacio de Deportes',
    start: new Date(now - (endedHoursAgo + 4) * HOUR).toISOString(),
    end: new Date(now - endedHoursAgo * HOUR).toISOString(),
    assignedTo,
  });
}

function create(cookie: string | undefined, fields: Record<string, string>, files: Omit<MultipartFile, 'field'>[] = []) {
  const body = multipart(fields, files.map((file) => ({ field: 'attachments', ...file })));
  return ctx.request({ method: 'POST', url: '/api/work-reports', cookie, ...body });
}
const pending = (cookie: string, query = '') => ctx.request({ method: 'GET', url: `/api/work-reports/pending${query}`, cookie });
const mine = (cookie: string, query = '') => ctx.request({ method: 'GET', url: `/api/work-reports${query}`, cookie });
const count = async (table: 'files' | 'work_reports' | 'work_report_attachments') =>
  Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('Partes de Trabajo: pending events', () => {
  it("lists only the user's finished events without a report, newest end first, one page at a time", async () => {
    const older = await eventEnded(companyA.id, [employee.id], 30, 'Feria');
    const newer = await eventEnded(companyA.id, [employee.id], 2, 'Partido');
    await eventEnded(companyA.id, [employee.id], -1, 'Aún en curso');
    await eventEnded(companyA.id, [colleague.id], 3, 'De otra persona');
    await eventEnded(companyB.id, [employee.id], 3, 'De otra empresa');

    const response = await pending(employee.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((event: { id: string }) => event.id)).toEqual([newer.id, older.id]);
    expect(response.json().items[0]).toMatchObject({ name: 'Partido', location: 'Palacio de Deportes' });

    const first = (await pending(employee.cookie, '?limit=1')).json();
    expect(first.items.map((event: { id: string }) => event.id)).toEqual([newer.id]);
    const second = (await pending(employee.cookie, `?limit=1&cursor=${first.nextCursor}`)).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: older.id })], nextCursor: null });
  });
});

describe('Guardar y Firmar Parte', () => {
  it('stores the report with its observations, attachments and drawn signature; the event leaves the pending list', async () => {
    ctx.clock.advance(1000);
    const event = await eventEnded(companyA.id, [employee.id], 1, 'Gala benéfica');
    const response = await create(employee.cookie, { eventId: event.id, observations: '  Sin incidencias.  ', signature }, [
      { name: 'foto puerta.png', content: signaturePng(3), type: 'image/png' },
      { name: 'C:\\Users\\juan\\notas.txt', content: 'Entrada por la puerta 2.', type: 'text/plain' },
    ]);
    expect(response.statusCode).toBe(201);
    const report = response.json();
    expect(report).toMatchObject({ eventId: event.id, eventName: 'Gala benéfica', observations: 'Sin incidencias.', attachmentCount: 2, createdAt: ctx.clock().toISOString() });
    expect(report.id).toMatch(/^wr-/);
    expect(report.signatureUrl).toBe(`/api/work-reports/${report.id}/signature`);
    expect((await lastAction(ctx, 'work-report.create')).message).toBe('Juan Pérez ha firmado el parte de trabajo de «Gala benéfica»');

    const row = await ctx.db.selectFrom('work_reports').selectAll().where('id', '=', report.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: companyA.id, user_id: employee.id, event_id: event.id });
    const image = await ctx.request({ method: 'GET', url: report.signatureUrl, cookie: employee.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(signaturePng())).toBe(true);
    expect((await ctx.request({ method: 'GET', url: report.signatureUrl, cookie: colleague.cookie })).statusCode).toBe(404);

    expect((await pending(employee.cookie)).json().items.map((item: { id: string }) => item.id)).not.toContain(event.id);
    expect((await mine(employee.cookie)).json().items[0]).toEqual(report);
  });

  it('signs with a copy of the saved signature, which a new signature later leaves unchanged', async () => {
    const event = await eventEnded(companyA.id, [colleague.id]);
    const unsigned = await create(colleague.cookie, { eventId: event.id });
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.json().error).toEqual({ code: 'SIGNATURE_REQUIRED', message: 'Debes firmar el parte de trabajo.' });

    const saved = signaturePng(11);
    await ctx.request({ method: 'PUT', url: '/api/my-signature', cookie: colleague.cookie, payload: { signature: `data:image/png;base64,${saved.toString('base64')}` } });
    const savedSignature = (await ctx.request({ method: 'GET', url: '/api/work-reports/signature', cookie: colleague.cookie })).json().signature;
    expect(savedSignature.url).toMatch(/^\/api\/work-reports\/signature\/image\?v=file-/);
    expect((await ctx.request({ method: 'GET', url: savedSignature.url, cookie: colleague.cookie })).rawPayload.equals(saved)).toBe(true);

    const signed = await create(colleague.cookie, { eventId: event.id, observations: '' });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ observations: '', attachmentCount: 0 });
    await ctx.request({ method: 'PUT', url: '/api/my-signature', cookie: colleague.cookie, payload: { signature } });
    const image = await ctx.request({ method: 'GET', url: signed.json().signatureUrl, cookie: colleague.cookie });
    expect(image.rawPayload.equals(saved)).toBe(true);
  });

  it('refuses events the user was not assigned to, that have not finished, of another company or unknown (422)', async () => {
    const cases = [
      [await eventEnded(companyA.id, [colleague.id]), 'Solo puedes generar partes de eventos finalizados a los que estabas asignado.'],
      [await eventEnded(companyB.id, [employee.id]), 'Solo puedes generar partes de eventos finalizados a los que estabas asignado.'],
      [{ id: 'evt-missing' }, 'Solo puedes generar partes de eventos finalizados a los que estabas asignado.'],
      [await eventEnded(companyA.id, [employee.id], -2), 'El evento aún no ha finalizado.'],
    ] as const;
    for (const [event, message] of cases) {
      const response = await create(employee.cookie, { eventId: event.id, signature });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({ code: 'UNPROCESSABLE', message });
    }
    const missing = await create(employee.cookie, { signature });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a second report for the same event, also when sent at once from several devices', async () => {
    const event = await eventEnded(companyA.id, [employee.id]);
    const filesBefore = await count('files');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create(employee.cookie, { eventId: event.id, signature }, [{ name: 'a.txt', content: 'adjunto' }])),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    // Beyond MAX_UPLOADS_PER_USER under way at once, the rest are turned away at once (429, issue 25);
    // those let through still race for the one report, and the losers get 409.
    const refused = responses.filter((response) => response.statusCode === 409);
    const turnedAway = responses.filter((response) => response.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(MAX_UPLOADS_PER_USER - 1);
    expect(refused.length + turnedAway.length).toBe(5);
    expect(refused[0]!.json().error).toEqual({ code: 'WORK_REPORT_EXISTS', message: 'Ya has generado el parte de trabajo de este evento.' });
    // Exactly one report's files (signature and attachment): the refused ones stored nothing.
    expect(await count('files')).toBe(filesBefore + 2);
    const again = await create(employee.cookie, { eventId: event.id, signature });
    expect(again.statusCode).toBe(409);
  });

  it('keeps files under 10 MB each, 25 MB and 20 files a report, and stores nothing from a refused request', async () => {
    const event = await eventEnded(companyA.id, [employee.id]);
    const before = { files: await count('files'), reports: await count('work_reports'), links: await count('work_report_attachments') };
    const huge = await create(employee.cookie, { eventId: event.id, signature }, [
      { name: 'pequeño.txt', content: 'ok' },
      { name: 'vídeo.mp4', content: Buffer.alloc(MAX_FILE_BYTES + 1) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'El archivo «vídeo.mp4» supera el tamaño máximo de 10 MB.' });

    const nine = Buffer.alloc(9 * 1024 * 1024);
    const total = await create(employee.cookie, { eventId: event.id, signature }, [1, 2, 3].map((n) => ({ name: `parte-${n}.bin`, content: nine })));
    expect(total.statusCode).toBe(413);
    expect(total.json().error.message).toBe('Los archivos superan en total el tamaño máximo de 25 MB.');

    const many = await create(
      employee.cookie,
      { eventId: event.id, signature },
      Array.from({ length: MAX_ATTACHMENTS + 1 }, (_, n) => ({ name: `f${n}.txt`, content: 'x' })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().error.message).toBe('Se pueden adjuntar como máximo 20 archivos.');

    const badSignature = await create(employee.cookie, { eventId: event.id, signature: `data:image/png;base64,${Buffer.from('no').toString('base64')}` }, [
      { name: 'a.txt', content: 'adjunto' },
    ]);
    expect(badSignature.statusCode).toBe(415);
    expect(await count('files')).toBe(before.files);
    expect(await count('work_reports')).toBe(before.reports);
    expect(await count('work_report_attachments')).toBe(before.links);
    expect((await pending(employee.cookie)).json().items.map((item: { id: string }) => item.id)).toContain(event.id);
  });

  it('answers 401 signed out, 403 to administrators and when the company withholds work-reports', async () => {
    const event = await eventEnded(companyA.id, [employee.id]);
    expect((await create(undefined, { eventId: event.id, signature })).statusCode).toBe(401);
    expect((await create(admin.cookie, { eventId: event.id, signature })).statusCode).toBe(403);
    expect((await pending(admin.cookie)).statusCode).toBe(403);
    const worker = await signInWhereViewWithheld(ctx, 'Sin Partes', 'Empleado', 'work-reports');
    for (const response of [await pending(worker.cookie), await mine(worker.cookie), await create(worker.cookie, { eventId: event.id, signature })]) {
      expect(response.statusCode).toBe(403);
    }
    // A supervisor writes reports too, for events they were assigned to.
    const supervised = await eventEnded(companyA.id, [supervisor.id], 1, 'Turno de la supervisora');
    expect((await create(supervisor.cookie, { eventId: supervised.id, signature })).statusCode).toBe(201);
  });
});

describe("employees' reports", () => {
  const list = (cookie: string | undefined, query = '') => ctx.request({ method: 'GET', url: `/api/employee-reports${query}`, cookie });
  const detail = (cookie: string | undefined, id: string) => ctx.request({ method: 'GET', url: `/api/employee-reports/${id}`, cookie });
  let report: { id: string; createdAt: string };
  let foreignReport: { id: string };

  beforeAll(async () => {
    ctx.clock.advance(60_000);
    const event = await eventEnded(companyA.id, [employee.id], 1, 'Maratón');
    report = (await create(employee.cookie, { eventId: event.id, signature }, [
      { name: 'informe.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32)]), type: 'application/pdf' },
      { name: 'página <web>.html', content: '<script>alert(1)</script>', type: 'text/html' },
    ])).json();
    ctx.clock.advance(60_000);
    const foreignEvent = await eventEnded(companyB.id, [foreignEmployee.id], 1, 'Evento del Sur');
    foreignReport = (await create(foreignEmployee.cookie, { eventId: foreignEvent.id, signature }, [{ name: 'sur.txt', content: 'sur' }])).json();
  });

  it("lists the company's reports newest first for its supervisor, every company's for the administrator", async () => {
    const response = await list(supervisor.cookie);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items[0]).toEqual({
      id: report.id,
      eventId: expect.any(String),
      eventName: 'Maratón',
      userId: employee.id,
      employeeName: 'Juan Pérez',
      companyId: companyA.id,
      companyName: 'Norte',
      createdAt: report.createdAt,
      attachmentCount: 2,
    });
    expect(items.map((item: { companyId: string }) => item.companyId)).not.toContain(companyB.id);
    const dates = items.map((item: { createdAt: string }) => item.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const all = (await list(admin.cookie)).json().items;
    expect(all[0].id).toBe(foreignReport.id);
    expect(all.map((item: { id: string }) => item.id)).toContain(report.id);
    const onlySouth = (await list(admin.cookie, `?companyId=${companyB.id}`)).json().items;
    expect(onlySouth.map((item: { id: string }) => item.id)).toEqual([foreignReport.id]);
    // A supervisor's company filter cannot widen their scope.
    expect((await list(supervisor.cookie, `?companyId=${companyB.id}`)).json().items.map((item: { companyId: string }) => item.companyId)).not.toContain(companyB.id);

    const page = (await list(supervisor.cookie, '?limit=1')).json();
    expect(page.items).toHaveLength(1);
    const next = (await list(supervisor.cookie, `?limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items[0].id).not.toBe(page.items[0].id);
  });

  it('opens a report with its attachments (size in bytes), which download with their name', async () => {
    const response = await detail(supervisor.cookie, report.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ employeeName: 'Juan Pérez', eventName: 'Maratón', eventLocation: 'Palacio de Deportes', observations: '' });
    expect(body.attachments).toEqual([
      { id: expect.stringMatching(/^file-/), name: 'informe.pdf', size: 2009, type: 'application/pdf', url: expect.any(String) },
      { id: expect.stringMatching(/^file-/), name: 'página <web>.html', size: 25, type: 'application/octet-stream', url: expect.any(String) },
    ]);
    const pdf = await ctx.request({ method: 'GET', url: body.attachments[0].url, cookie: supervisor.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="informe.pdf"; filename*=UTF-8''informe.pdf`);
    const html = await ctx.request({ method: 'GET', url: body.attachments[1].url, cookie: admin.cookie });
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toBe(`attachment; filename="pagina <web>.html"; filename*=UTF-8''p%C3%A1gina%20%3Cweb%3E.html`);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.body).toBe('<script>alert(1)</script>');
    const image = await ctx.request({ method: 'GET', url: body.signatureUrl, cookie: supervisor.cookie });
    expect(image.rawPayload.equals(signaturePng())).toBe(true);
  });

  it("hides another company's report and files (404), including a file asked for through one's own report", async () => {
    const foreign = (await detail(admin.cookie, foreignReport.id)).json();
    const foreignFile = foreign.attachments[0].id;
    for (const url of [
      `/api/employee-reports/${foreignReport.id}`,
      `/api/employee-reports/${foreignReport.id}/signature`,
      `/api/employee-reports/${foreignReport.id}/attachments/${foreignFile}`,
      `/api/employee-reports/${report.id}/attachments/${foreignFile}`,
      `/api/employee-reports/wr-missing`,
    ]) {
      const response = await ctx.request({ method: 'GET', url, cookie: supervisor.cookie });
      expect(response.statusCode).toBe(404);
    }
    expect((await detail(supervisor.cookie, foreignReport.id)).json().error.message).toBe('Parte de trabajo no encontrado.');
  });

  it('answers 401 signed out and 403 to employees', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(employee.cookie)).statusCode).toBe(403);
    expect((await detail(employee.cookie, report.id)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/employee-reports/${report.id}/signature`, cookie: employee.cookie })).statusCode).toBe(403);
  });

  it('leaves with its company: reports, attachments, documents, signatures and files', async () => {
    const response = await ctx.request({ method: 'DELETE', url: `/api/companies/${companyB.id}`, cookie: admin.cookie, payload: { confirmName: 'Sur' } });
    expect(response.statusCode).toBe(200);
    for (const table of ['files', 'work_reports', 'user_signatures', 'user_documents'] as const) {
      const rows = await ctx.db.selectFrom(table).select('company_id').where('company_id', '=', companyB.id).execute();
      expect(rows).toHaveLength(0);
    }
    expect((await detail(admin.cookie, foreignReport.id)).statusCode).toBe(404);
  });
});
