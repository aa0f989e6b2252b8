import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@jornada/shared/files';
import { documentPhotoPng } from '../../ledgers/files/png';
import { lastAction } from '../../test/last-action';
import { multipart } from '../../test/multipart';
import { signInWhereViewWithheld, useStaffedCompanies, withholdView } from '../../test/worlds';

const photo = documentPhotoPng();

async function requiredDocs(categoryId: string, docs: { id: string; name: string; type: 'escrito' | 'foto' }[]) {
  await ctx.db
    .insertInto('category_documents')
    .values(docs.map((doc, position) => ({ ...doc, category_id: categoryId, position })))
    .execute();
}

const list = (cookie?: string) => ctx.request({ method: 'GET', url: '/api/my-documents', cookie });
const saveText = (cookie: string, documentId: string, value: unknown) =>
  ctx.request({ method: 'PUT', url: `/api/my-documents/${documentId}/text`, cookie, payload: { value } as object });
function uploadPhoto(cookie: string, documentId: string, file: { name: string; content: Buffer | string; type?: string }) {
  const body = multipart({}, [{ field: 'file', ...file }]);
  return ctx.request({ method: 'PUT', url: `/api/my-documents/${documentId}/photo`, cookie, ...body });
}
const fileCount = async () => Number((await ctx.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

// The guard's category requires two documents and the helper's one; who holds which decides each list.
const { ctx, companyA, companyB, employee, colleague, supervisor, foreignSupervisor, foreignEmployee, admin } = useStaffedCompanies({
  categoryIds: async (companies) => {
    const guard = await ctx.factories.category({ name: 'Vigilante', companyIds: [companies.companyA.id, companies.companyB.id] });
    const helper = await ctx.factories.category({ name: 'Auxiliar', companyIds: [companies.companyA.id] });
    await requiredDocs(guard.id, [
      { id: 'doc-t-dni', name: 'DNI (foto)', type: 'foto' },
      { id: 'doc-t-tip', name: 'Número TIP', type: 'escrito' },
    ]);
    await requiredDocs(helper.id, [{ id: 'doc-t-curso', name: 'Curso de primeros auxilios', type: 'escrito' }]);
    return { employee: [guard.id, helper.id], supervisor: [guard.id], foreignEmployee: [guard.id] };
  },
});

describe('Mis Documentos', () => {
  it('lists the required documents of all the user’s categories, each once, with no value yet', async () => {
    const response = await list(employee.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      { id: 'doc-t-curso', name: 'Curso de primeros auxilios', type: 'escrito', text: null, file: null, updatedAt: null },
      { id: 'doc-t-dni', name: 'DNI (foto)', type: 'foto', text: null, file: null, updatedAt: null },
      { id: 'doc-t-tip', name: 'Número TIP', type: 'escrito', text: null, file: null, updatedAt: null },
    ]);
    expect((await list(colleague.cookie)).json()).toEqual({ items: [] });
  });

  it("saves an 'escrito' value stamped with company and user ('Dato Guardado'), and refuses a blank one", async () => {
    const saved = await saveText(employee.cookie, 'doc-t-tip', '  TIP-12345 ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'doc-t-tip', text: 'TIP-12345', file: null, updatedAt: ctx.clock().toISOString() });
    const row = await ctx.db.selectFrom('user_documents').selectAll().where('user_id', '=', employee.id).where('document_id', '=', 'doc-t-tip').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: companyA.id, user_id: employee.id, text_value: 'TIP-12345', document_name: 'Número TIP' });
    expect((await lastAction(ctx, 'document.save')).message).toBe('Juan Pérez ha guardado el documento «Número TIP»');

    const modified = await saveText(employee.cookie, 'doc-t-tip', 'TIP-99999');
    expect(modified.json().text).toBe('TIP-99999');
    for (const blank of ['', '   ', null]) {
      const refused = await saveText(employee.cookie, 'doc-t-tip', blank);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'El campo no puede estar vacío.' });
    }
    expect((await list(employee.cookie)).json().items.find((doc: { id: string }) => doc.id === 'doc-t-tip').text).toBe('TIP-99999');
  });

  it("uploads a 'foto' document, serves it as a download, and replaces the old file", async () => {
    ctx.clock.advance(1000);
    const uploaded = await uploadPhoto(employee.cookie, 'doc-t-dni', { name: '../../etc/dni.png', content: photo, type: 'text/html' });
    expect(uploaded.statusCode).toBe(200);
    const document = uploaded.json();
    expect(document.file).toMatchObject({ name: 'dni.png', size: photo.length, type: 'image/png' });
    expect(document.file.url).toMatch(/^\/api\/my-documents\/doc-t-dni\/photo\?v=file-/);
    expect((await lastAction(ctx, 'document.save')).message).toBe('Juan Pérez ha subido el documento «DNI (foto)»');

    const download = await ctx.request({ method: 'GET', url: document.file.url, cookie: employee.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="dni.png"; filename*=UTF-8''dni.png`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(photo)).toBe(true);
    const again = await ctx.request({ method: 'GET', url: document.file.url, cookie: employee.cookie, headers: { 'if-none-match': String(download.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const before = await fileCount();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const replaced = await uploadPhoto(employee.cookie, 'doc-t-dni', { name: 'DNI nuevo.jpg', content: jpeg, type: 'image/jpeg' });
    expect(replaced.json().file).toMatchObject({ name: 'DNI nuevo.jpg', type: 'image/jpeg', size: jpeg.length });
    expect(await fileCount()).toBe(before);
    expect((await ctx.request({ method: 'GET', url: document.file.url, cookie: employee.cookie })).rawPayload.equals(jpeg)).toBe(true);
  });

  it('refuses a renamed non-image, an empty upload and a file over 10 MB, storing nothing', async () => {
    const before = await fileCount();
    const renamed = await uploadPhoto(employee.cookie, 'doc-t-dni', { name: 'foto.jpg', content: '<html><script>alert(1)</script></html>', type: 'image/jpeg' });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'La foto debe ser una imagen JPEG, PNG o WebP.' });
    const gif = await uploadPhoto(employee.cookie, 'doc-t-dni', { name: 'foto.gif', content: 'GIF89a-----', type: 'image/gif' });
    expect(gif.statusCode).toBe(415);

    const none = await ctx.request({ method: 'PUT', url: '/api/my-documents/doc-t-dni/photo', cookie: employee.cookie, ...multipart({ note: 'sin archivo' }) });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Selecciona una imagen para subir.');

    const huge = Buffer.concat([photo, Buffer.alloc(MAX_FILE_BYTES)]);
    const tooLarge = await uploadPhoto(employee.cookie, 'doc-t-dni', { name: 'enorme.png', content: huge, type: 'image/png' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'El archivo «enorme.png» supera el tamaño máximo de 10 MB.' });

    const json = await ctx.request({ method: 'PUT', url: '/api/my-documents/doc-t-dni/photo', cookie: employee.cookie, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a value of the wrong type and documents the user’s categories do not ask for', async () => {
    const textForPhoto = await saveText(employee.cookie, 'doc-t-dni', 'texto');
    expect(textForPhoto.statusCode).toBe(422);
    expect(textForPhoto.json().error.message).toBe('Este documento se entrega como foto.');
    const photoForText = await uploadPhoto(employee.cookie, 'doc-t-tip', { name: 'tip.png', content: photo });
    expect(photoForText.statusCode).toBe(422);
    for (const response of [await saveText(colleague.cookie, 'doc-t-tip', 'x'), await saveText(employee.cookie, 'doc-nope', 'x')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Documento no encontrado.' });
    }
    expect((await ctx.request({ method: 'GET', url: '/api/my-documents/doc-t-dni/photo', cookie: colleague.cookie })).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to administrators and when the company withholds my-documents', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(admin.cookie)).statusCode).toBe(403);
    const worker = await signInWhereViewWithheld(ctx, 'Sin Documentos', 'Empleado', 'my-documents');
    for (const response of [await list(worker.cookie), await saveText(worker.cookie, 'doc-t-tip', 'x'), await uploadPhoto(worker.cookie, 'doc-t-dni', { name: 'a.png', content: photo })]) {
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('the Documentos tab of view-employees', () => {
  const tab = (cookie: string | undefined, employeeId: string) => ctx.request({ method: 'GET', url: `/api/employees/${employeeId}/documents`, cookie });

  it("lists the employee's saved documents with their file, for the company's supervisor and an administrator", async () => {
    for (const viewer of [supervisor, admin]) {
      const response = await tab(viewer.cookie, employee.id);
      expect(response.statusCode).toBe(200);
      const items = response.json().items;
      expect(items.map((item: { name: string }) => item.name)).toEqual(['DNI (foto)', 'Número TIP']);
      expect(items[0]).toMatchObject({ type: 'foto', required: true, file: { name: 'DNI nuevo.jpg', type: 'image/jpeg' } });
      expect(items[1]).toMatchObject({ type: 'escrito', text: 'TIP-99999', file: null, required: true });
      const download = await ctx.request({ method: 'GET', url: items[0].file.url, cookie: viewer.cookie });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('attachment;');
    }
    expect((await tab(supervisor.cookie, colleague.id)).json()).toEqual({ items: [] });
  });

  it("hides another company's employee and file (404), even through one's own employee", async () => {
    await uploadPhoto(foreignEmployee.cookie, 'doc-t-dni', { name: 'ana.png', content: photo });
    const response = await tab(foreignSupervisor.cookie, employee.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Empleado no encontrado.');
    expect((await ctx.request({ method: 'GET', url: `/api/employees/${employee.id}/documents/doc-t-dni/photo`, cookie: foreignSupervisor.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: `/api/employees/${foreignEmployee.id}/documents/doc-t-dni/photo`, cookie: supervisor.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: `/api/employees/${foreignEmployee.id}/documents/doc-t-dni/photo`, cookie: foreignSupervisor.cookie })).statusCode).toBe(200);
    expect((await tab(supervisor.cookie, admin.id)).statusCode).toBe(404);
  });

  it('answers 401, 403 to employees and when the company withholds view-employees', async () => {
    expect((await tab(undefined, employee.id)).statusCode).toBe(401);
    expect((await tab(employee.cookie, employee.id)).statusCode).toBe(403);
    await withholdView(ctx, companyB.id, 'Supervisor', 'view-employees');
    expect((await tab(foreignSupervisor.cookie, foreignEmployee.id)).statusCode).toBe(403);
  });
});
