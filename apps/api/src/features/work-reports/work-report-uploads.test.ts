import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOADS_PER_USER } from '../../ledgers/files/uploads';
import { signaturePng } from '../../ledgers/files/png';
import { insertTestEvent } from '../../test/factories';
import { multipart } from '../../test/multipart';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';

/*
 * Issue 25, item 8: twelve parallel 24 MB uploads for an event that already had a report were all
 * refused, but only after the server had read them (memory 251 → 412 MB, health 1–2 s). A refusal
 * that does not depend on the files comes before they are read, and one person's uploads under way
 * at once are bounded.
 */

let ctx: TestContext;
let employee: SignedInUser;
let reported: { id: string };
let open: { id: string };
let slow: { id: string };
const HOUR = 3_600_000;
const MB = 1024 * 1024;
const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;

/** A multipart body of the fields, then one file of `fileBytes`, made as it is read; `pulled()` says how far the server read. */
function streamedUpload(fields: Record<string, string>, fileBytes: number, options: { stallAfter?: number } = {}) {
  const boundary = `----jornada${randomBytes(8).toString('hex')}`;
  const head = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
  ]);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 7);
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  let stallAfter = options.stallAfter;
  let stalled = false;
  const stream = new Readable({ read: () => produce() });
  /** Pushes the next piece of the body; a slow phone's stops part-way until the test releases it. */
  function produce(): void {
    if (stage === 'head') {
      stage = 'file';
      sent += head.length;
      stream.push(head);
    } else if (stage === 'file') {
      if (stallAfter !== undefined && sent >= stallAfter) {
        stalled = true;
        return;
      }
      const size = Math.min(chunk.length, fileBytes - (sent - head.length));
      if (size <= 0) {
        stage = 'tail';
        stream.push(tail);
        return;
      }
      sent += size;
      stream.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    } else if (stage === 'tail') {
      stage = 'done';
      stream.push(null);
    }
  }
  return {
    stream,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + fileBytes + tail.length) },
    pulled: () => sent,
    release: () => {
      stallAfter = undefined;
      if (stalled) {
        stalled = false;
        produce();
      }
    },
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const company = await ctx.factories.company('Norte');
  employee = await signInAs(ctx, 'Empleado', company.id, { name: 'Juan Pérez' });
  const now = ctx.clock().getTime();
  const finished = { companyId: company.id, start: new Date(now - 6 * HOUR).toISOString(), end: new Date(now - HOUR).toISOString(), assignedTo: [employee.id] };
  reported = await insertTestEvent(ctx.db, { ...finished, name: 'Ya con parte' });
  open = await insertTestEvent(ctx.db, { ...finished, name: 'Sin parte' });
  slow = await insertTestEvent(ctx.db, { ...finished, name: 'Desde un móvil lento' });
  const first = await ctx.request({
    method: 'POST',
    url: '/api/work-reports',
    cookie: employee.cookie,
    ...multipart({ eventId: reported.id, observations: 'Primero', signature }),
  });
  expect(first.statusCode, first.body).toBe(201);
});
afterAll(() => ctx.close());

describe('uploads refused before their files are read', () => {
  it('answers 409 for an event that already has a report after reading the fields, not the 9 MB file', async () => {
    const upload = streamedUpload({ eventId: reported.id, observations: 'Otra vez', signature }, 9 * MB);
    const response = await ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, payload: upload.stream, headers: upload.headers });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe('WORK_REPORT_EXISTS');
    expect(upload.pulled()).toBeLessThan(2 * MB);
  });

  it('still reads and stores a good upload whole', async () => {
    const upload = streamedUpload({ eventId: open.id, observations: 'Con anexo', signature }, 3 * MB);
    const response = await ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, payload: upload.stream, headers: upload.headers });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attachmentCount).toBe(1);
    expect(upload.pulled()).toBeGreaterThanOrEqual(3 * MB);
  });

  it(`bounds one person's uploads under way at once to ${MAX_UPLOADS_PER_USER}; the next answers 429 at once`, async () => {
    const stalled = Array.from({ length: MAX_UPLOADS_PER_USER }, () => streamedUpload({ eventId: slow.id, observations: 'Lento', signature }, 5 * MB, { stallAfter: MB }));
    const underWay = stalled.map((upload) => ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, payload: upload.stream, headers: upload.headers }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = streamedUpload({ eventId: slow.id, observations: 'Uno más', signature }, 5 * MB);
    const refused = await ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, payload: extra.stream, headers: extra.headers });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.message).toBe('Ya tienes envíos de archivos en curso. Espera a que terminen y vuelve a intentarlo.');
    expect(extra.pulled()).toBeLessThan(2 * MB);
    // The slow ones finish (one report, the other refused), and the person can upload again.
    for (const upload of stalled) upload.release();
    expect((await Promise.all(underWay)).map((response) => response.statusCode).sort()).toEqual([201, ...Array(MAX_UPLOADS_PER_USER - 1).fill(409)]);
    const again = streamedUpload({ eventId: reported.id, observations: 'Después', signature }, MB);
    expect((await ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, payload: again.stream, headers: again.headers })).statusCode).toBe(409);
  });
});
