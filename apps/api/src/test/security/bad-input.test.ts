import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestEvent } from '../factories';
import { arrangeTwoCompanies, signInAs, type SignedInUser, type TwoCompanies } from '../sign-in';
import { createTestContext, type TestContext } from '../test-app';

/**
 * Focused regressions for what the bad-input fuzz (fuzz.test.ts) found: each was a 5xx or an
 * English answer before its fix.
 */
let ctx: TestContext;
let world: TwoCompanies;
let employee: SignedInUser;

const count = async (table: 'files' | 'work_reports' | 'events' | 'categories') =>
  Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  ctx = await createTestContext();
  world = await arrangeTwoCompanies(ctx);
  employee = await signInAs(ctx, 'Empleado', world.home.id);
});
afterAll(() => ctx.close());

describe('router refusals answer in the error shape, in Spanish', () => {
  it('a path that is not valid percent-encoding is a 400', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/events/%E0%A4%A', cookie: world.supervisor.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'La dirección solicitada no es válida.' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a path parameter over 100 characters is a 414', async () => {
    const response = await ctx.request({ method: 'DELETE', url: `/api/events/${'x'.repeat(101)}`, cookie: world.supervisor.cookie });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'La dirección solicitada es demasiado larga.' } });
  });
});

describe('a NUL character (PostgreSQL text cannot hold it) is refused before any query, on both engines', () => {
  const refused = { error: { code: 'VALIDATION_ERROR', message: 'El texto enviado contiene caracteres no permitidos.' } };

  it('in a path parameter, a query parameter and a JSON body', async () => {
    const before = await count('categories');
    const inPath = await ctx.request({ method: 'POST', url: '/api/events/%00/finish', cookie: world.supervisor.cookie });
    const inQuery = await ctx.request({ method: 'GET', url: `/api/events?companyId=a%00b`, cookie: world.admin.cookie });
    const inBody = await ctx.request({ method: 'POST', url: '/api/categories', cookie: world.admin.cookie, payload: { name: 'Vigilante\u0000nocturno', price: 20 } });
    for (const response of [inPath, inQuery, inBody]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
    expect(await count('categories')).toBe(before);
  });

  it('in a multipart field', async () => {
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, {
      companyId: world.home.id,
      start: new Date(now - 5 * 3_600_000).toISOString(),
      end: new Date(now - 3_600_000).toISOString(),
      assignedTo: [employee.id],
    });
    const boundary = 'nulBoundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n${event.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="observations"\r\n\r\nTodo bien\u0000\r\n--${boundary}--\r\n`;
    const response = await ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused);
    expect(await count('work_reports')).toBe(0);
  });
});

describe('a multipart body cut short', () => {
  it('is a 400 with a Spanish message and stores nothing (was a 500)', async () => {
    const boundary = 'cutBoundary';
    // A finished event the employee may report on, so what refuses the body is its being cut short,
    // not the event (whose refusals come before any file is read: issue 25, item 8).
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, { companyId: world.home.id, start: new Date(now - 5 * 3_600_000).toISOString(), end: new Date(now - 3_600_000).toISOString(), assignedTo: [employee.id] });
    const whole = `--${boundary}\r\nContent-Disposition: form-data; name="eventId"\r\n\r\n${event.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 datos\r\n--${boundary}--\r\n`;
    const files = await count('files');
    for (const cut of [40, 120, whole.length - 10]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/work-reports',
        cookie: employee.cookie,
        payload: whole.slice(0, cut),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('El formulario enviado está incompleto o dañado. Vuelve a intentarlo.');
    }
    expect(await count('files')).toBe(files);
    expect(await count('work_reports')).toBe(0);
  });
});
