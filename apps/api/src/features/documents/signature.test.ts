import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../../ledgers/files/png';
import { lastAction } from '../../test/last-action';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { createTestContext, type TestContext } from '../../test/test-app';
import { signInWhereViewWithheld } from '../../test/worlds';

let ctx: TestContext;
let employee: SignedInUser;
let supervisor: SignedInUser;
let admin: SignedInUser;

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const get = (cookie?: string) => ctx.request({ method: 'GET', url: '/api/my-signature', cookie });
const save = (cookie: string | undefined, signature: unknown) => ctx.request({ method: 'PUT', url: '/api/my-signature', cookie, payload: { signature } as object });
const signatureFiles = (userId: string) =>
  ctx.db.selectFrom('files').select(['id', 'company_id']).where('owner_id', '=', userId).where('purpose', '=', 'signature').execute();

beforeAll(async () => {
  ctx = await createTestContext();
  const company = await ctx.factories.company('Norte');
  employee = await signInAs(ctx, 'Empleado', company.id, { name: 'Juan Pérez' });
  supervisor = await signInAs(ctx, 'Supervisor', company.id, { name: 'Marta López' });
  admin = await signInAs(ctx, 'Administrador');
});
afterAll(() => ctx.close());

describe('Mi Firma', () => {
  it('has no signature until one is saved', async () => {
    const response = await get(employee.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signature: null });
    expect((await ctx.request({ method: 'GET', url: '/api/my-signature/image', cookie: employee.cookie })).statusCode).toBe(404);
  });

  it("saves a PNG ('Firma Guardada') and serves it back as a download", async () => {
    const png = signaturePng();
    const saved = await save(employee.cookie, dataUrl(png));
    expect(saved.statusCode).toBe(200);
    const { signature } = saved.json();
    expect(signature.updatedAt).toBe(ctx.clock().toISOString());
    expect(signature.url).toMatch(/^\/api\/my-signature\/image\?v=file-/);
    expect(await get(employee.cookie).then((r) => r.json())).toEqual({ signature });
    const image = await ctx.request({ method: 'GET', url: signature.url, cookie: employee.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toContain('attachment;');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await lastAction(ctx, 'signature.save')).message).toBe('Juan Pérez ha guardado su firma');
  });

  it("replaces the saved signature ('Dibujar Nueva Firma') and removes the old file", async () => {
    ctx.clock.advance(60_000);
    const next = signaturePng(7);
    const saved = await save(employee.cookie, dataUrl(next));
    expect(saved.statusCode).toBe(200);
    const files = await signatureFiles(employee.id);
    expect(files).toHaveLength(1);
    expect(saved.json().signature.url).toContain(files[0]!.id);
    const image = await ctx.request({ method: 'GET', url: '/api/my-signature/image', cookie: employee.cookie });
    expect(image.rawPayload.equals(next)).toBe(true);
    // Each user has their own.
    expect((await get(supervisor.cookie)).json()).toEqual({ signature: null });
  });

  it('refuses an empty signature, another image type and bytes that are not a PNG', async () => {
    for (const empty of ['', '   ', undefined]) {
      const response = await save(employee.cookie, empty);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'Por favor, proporciona una firma primero.' });
    }
    const jpeg = await save(employee.cookie, dataUrl(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg'));
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json().error.message).toBe('La firma debe ser una imagen PNG.');
    const disguised = await save(employee.cookie, dataUrl(Buffer.from('<svg onload="alert(1)"></svg>')));
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'La firma debe ser una imagen PNG.' });
    const huge = await save(employee.cookie, dataUrl(Buffer.concat([signaturePng(), Buffer.alloc(600 * 1024)])));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toBe('La firma es demasiado grande.');
    expect(await signatureFiles(employee.id)).toHaveLength(1);
  });

  it('answers 401 signed out, 403 to administrators and when the company withholds my-signature', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await save(undefined, dataUrl(signaturePng()))).statusCode).toBe(401);
    expect((await get(admin.cookie)).statusCode).toBe(403);
    expect((await save(admin.cookie, dataUrl(signaturePng()))).statusCode).toBe(403);
    const worker = await signInWhereViewWithheld(ctx, 'Sin Firma', 'Empleado', 'my-signature');
    expect((await get(worker.cookie)).statusCode).toBe(403);
    expect((await save(worker.cookie, dataUrl(signaturePng()))).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: '/api/my-signature/image', cookie: worker.cookie })).statusCode).toBe(403);
  });
});
