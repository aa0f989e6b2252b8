import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { MyDocumentsResponse } from '@jornada/shared/schemas/documents';
import type { MySignatureResponse } from '@jornada/shared/schemas/signatures';
import type { EmployeeReportPage, MyWorkReportPage } from '@jornada/shared/schemas/work-reports';
import { adminSession, createCompany, createPerson, uniqueSuffix, withApi, type TestPerson } from './support/api';
import { drawSignature, signIn } from './support/ui';

/*
 * Signatures, documents and work reports (issue 6): arrange a company, a category with required
 * documents and a finished event through the API; draw and save a signature, upload a photo
 * document and write a text one, generate and sign a report with attachments, and let the
 * supervisor open it and download an attachment. Outcomes are read back after a reload and
 * through the API.
 */

// A 1×1 PNG: a real image by its bytes.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const reportNote = 'Puerta 2 revisada.\nSin incidencias.';

let supervisor: TestPerson;
let signer: TestPerson;
let documentHolder: TestPerson;
let reporter: TestPerson;
let eventName: string;

test.beforeAll(async () => {
  const admin = await adminSession();
  const company = await createCompany(admin);
  const category = await admin.post<{ id: string }>('/categories', {
    name: `Vigilante ${uniqueSuffix()}`,
    price: 22.5,
    companyIds: [company.id],
    requiredDocs: [
      { name: 'DNI (foto)', type: 'foto' },
      { name: 'Número TIP', type: 'escrito' },
    ],
  });
  supervisor = await createPerson(admin, { role: 'Supervisor', companyId: company.id });
  signer = await createPerson(admin, { role: 'Empleado', companyId: company.id });
  documentHolder = await createPerson(admin, { role: 'Empleado', companyId: company.id, categoryIds: [category.id] });
  reporter = await createPerson(admin, { role: 'Empleado', companyId: company.id, name: `Lucía ${uniqueSuffix()}` });
  await admin.dispose();

  // A shift that ended an hour ago, staffed by the reporter.
  eventName = `Concierto ${uniqueSuffix()}`;
  await withApi(supervisor, (api) =>
    api.post('/events', {
      name: eventName,
      location: 'Palacio de Deportes',
      date: new Date(Date.now() - 5 * 3_600_000).toISOString(),
      endDate: new Date(Date.now() - 3_600_000).toISOString(),
      type: 'momentary',
      assignedEmployees: [reporter.id],
    }),
  );
});

const toast = (page: Page) => page.getByRole('region', { name: /Notificaciones/ }).getByRole('listitem');

test('Mi Firma: an empty pad is refused; a signature drawn with the mouse is saved and stays after a reload', async ({ page }) => {
  await signIn(page, signer.username, signer.password);
  await page.goto('/dashboard/my-signature');
  await page.getByRole('button', { name: 'Guardar Firma' }).click();
  await expect(toast(page)).toContainText('Firma vacía');
  await expect(toast(page)).toContainText('Por favor, dibuja tu firma antes de guardar.');

  await drawSignature(page, page.getByRole('img', { name: 'Tu firma' }));
  await page.getByRole('button', { name: 'Guardar Firma' }).click();
  await expect(toast(page)).toContainText('Firma Guardada');
  const saved = page.getByRole('img', { name: 'Tu firma guardada' });
  await expect(saved).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dibujar Nueva Firma' })).toBeVisible();

  await page.reload();
  await expect(saved).toBeVisible();
  await expect(saved).toHaveJSProperty('complete', true);
  expect(await saved.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(20);

  const stored = await withApi(signer, async (api) => {
    const { signature } = await api.get<MySignatureResponse>('/my-signature');
    const image = await api.context.get(signature!.url);
    return { type: image.headers()['content-type'], body: await image.body() };
  });
  expect(stored.type).toBe('image/png');
  expect(stored.body.subarray(1, 4).toString('ascii')).toBe('PNG');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('Mis Documentos: upload a photo and see its preview, write a text document (never an empty one)', async ({ page }) => {
    await signIn(page, documentHolder.username, documentHolder.password);
    await page.goto('/dashboard/my-documents');
    await expect(page.getByText('Sin documento', { exact: true })).toBeVisible();

    await page.getByLabel('DNI (foto)', { exact: true }).setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page)).toContainText('Documento Guardado');
    const preview = page.getByRole('img', { name: 'Vista previa de DNI (foto)' });
    await expect(preview).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cambiar DNI (foto)' })).toBeVisible();

    const tip = page.getByLabel('Número TIP');
    await tip.fill('   ');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(toast(page)).toContainText('El campo no puede estar vacío.');
    await tip.fill('TIP-458123');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(toast(page)).toContainText('Dato Guardado');
    await expect(page.getByRole('button', { name: 'Modificar Número TIP' })).toBeVisible();

    await page.reload();
    await expect(preview).toBeVisible();
    await expect(preview).toHaveJSProperty('naturalWidth', 1);
    await expect(page.getByText('TIP-458123')).toBeVisible();
    const documents = await withApi(documentHolder, (api) => api.get<MyDocumentsResponse>('/my-documents'));
    expect(documents.items.map((document) => [document.name, document.text ?? document.file?.name])).toEqual([
      ['DNI (foto)', 'dni.png'],
      ['Número TIP', 'TIP-458123'],
    ]);
  });

  test('Partes de Trabajo: attach two files, remove one, sign and save; the event leaves the pending list', async ({ page }) => {
    await signIn(page, reporter.username, reporter.password);
    await page.goto('/dashboard/work-reports');
    await page.getByRole('button', { name: `Generar Parte de ${eventName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Parte de Trabajo' });
    await expect(dialog.getByText('Palacio de Deportes')).toBeVisible();

    await dialog.getByLabel('Observaciones').fill(reportNote);
    await dialog.getByLabel('Adjuntos').setInputFiles([
      { name: 'informe.txt', mimeType: 'text/plain', buffer: Buffer.from('Informe del turno') },
      { name: 'borrador.txt', mimeType: 'text/plain', buffer: Buffer.from('no enviar') },
    ]);
    await dialog.getByRole('button', { name: 'Quitar borrador.txt' }).click();
    await expect(dialog.getByRole('list', { name: 'Archivos adjuntos' }).getByRole('listitem')).toHaveText([/informe\.txt/]);

    await dialog.getByRole('button', { name: 'Guardar y Firmar Parte' }).click();
    // The open dialog hides the toasts from the accessibility tree, so the message also shows inside it.
    await expect(dialog.getByRole('alert')).toHaveText('Debes firmar el parte de trabajo.');
    await expect(page.getByText('Firma requerida', { exact: true })).toBeVisible();
    await drawSignature(page, dialog.getByRole('img', { name: 'Firma' }));
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Guardar y Firmar Parte' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('Parte Guardado');

    await page.reload();
    const generated = page.getByRole('region', { name: 'Partes generados' }).getByRole('article', { name: eventName });
    await expect(generated).toContainText('Firmado');
    await expect(generated.getByRole('img', { name: `Firma del parte de ${eventName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Generar Parte de ${eventName}` })).toHaveCount(0);
    const mine = await withApi(reporter, (api) => api.get<MyWorkReportPage>('/work-reports'));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ eventName, observations: reportNote, attachmentCount: 1 });
  });
});

test("the supervisor opens the employee's report and downloads its attachment", async ({ page }) => {
  // Arranged through the API when this test runs on its own.
  await withApi(reporter, async (api) => {
    if ((await api.get<MyWorkReportPage>('/work-reports')).items.length > 0) return;
    const events = await api.get<{ items: { id: string; name: string }[] }>('/work-reports/pending');
    const event = events.items.find((item) => item.name === eventName)!;
    const response = await api.context.post('/api/work-reports', {
      multipart: {
        eventId: event.id,
        observations: reportNote,
        signature: `data:image/png;base64,${png.toString('base64')}`,
        attachments: { name: 'informe.txt', mimeType: 'text/plain', buffer: Buffer.from('Informe del turno') },
      },
    });
    expect(response.status()).toBe(201);
  });

  await signIn(page, supervisor.username, supervisor.password);
  await page.goto('/dashboard/employee-reports');
  const row = page.getByRole('row', { name: new RegExp(eventName) });
  await expect(row).toContainText(reporter.name);
  await row.getByRole('button', { name: `Ver parte de ${reporter.name} en ${eventName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Parte de Trabajo' });
  await expect(dialog).toContainText(reporter.name);
  await expect(dialog).toContainText('Puerta 2 revisada.');
  await expect(dialog).toContainText('informe.txt');
  await expect(dialog).toContainText('0,02 KB');
  await expect(dialog.getByRole('img', { name: `Firma de ${reporter.name}` })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Descargar informe.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('informe.txt');
  expect(await readFile((await download.path())!, 'utf8')).toBe('Informe del turno');

  const listed = await withApi(supervisor, (api) => api.get<EmployeeReportPage>('/employee-reports'));
  expect(listed.items.find((item) => item.eventName === eventName)).toMatchObject({ employeeName: reporter.name, attachmentCount: 1 });
});
