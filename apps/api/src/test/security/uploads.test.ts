import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@jornada/shared/files';
import { documentPhotoPng, encodePng, signaturePng } from '../../ledgers/files/png';
import { insertTestEvent } from '../factories';
import { multipart, type MultipartFile } from '../multipart';
import { signInAs, type SignedInUser } from '../sign-in';
import { createTestContext, type TestContext } from '../test-app';

/**
 * ASVS V5 (files): every refused upload answers a Spanish 4xx and stores nothing; names are only
 * ever shown, never paths; downloads are attachments with nosniff. documents.test.ts,
 * signature.test.ts and work-reports.test.ts hold the everyday cases; this file the hostile ones.
 */
let ctx: TestContext;
let employee: SignedInUser;
let supervisor: SignedInUser;
let company: { id: string };

const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';
const tables = ['files', 'user_documents', 'user_signatures', 'work_reports', 'work_report_attachments'] as const;

async function counts() {
  const entries = await Promise.all(
    tables.map(async (table) => [table, Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)] as const),
  );
  return Object.fromEntries(entries);
}

function uploadPhoto(file: Omit<MultipartFile, 'field'>) {
  return ctx.request({ method: 'PUT', url: '/api/my-documents/doc-sec-dni/photo', cookie: employee.cookie, ...multipart({}, [{ field: 'file', ...file }]) });
}

async function finishedEvent() {
  const now = ctx.clock().getTime();
  return insertTestEvent(ctx.db, {
    companyId: company.id,
    start: new Date(now - 6 * 3_600_000).toISOString(),
    end: new Date(now - 3_600_000).toISOString(),
    assignedTo: [employee.id],
  });
}

async function createReport(fields: Record<string, string>, files: Omit<MultipartFile, 'field'>[] = []) {
  const event = await finishedEvent();
  const body = multipart({ eventId: event.id, observations: 'Sin incidencias', ...fields }, files.map((file) => ({ field: 'attachments', ...file })));
  return ctx.request({ method: 'POST', url: '/api/work-reports', cookie: employee.cookie, ...body });
}

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const goodSignature = dataUrl(signaturePng());

/** A PNG frame declaring a huge canvas from a few bytes of data (a decompression bomb's shape). */
function hugeDeclaredPng(): Buffer {
  const real = encodePng(1, 1, () => [0, 0, 0, 0]);
  const header = Buffer.from(real);
  header.writeUInt32BE(60_000, 16);
  header.writeUInt32BE(60_000, 20);
  return Buffer.concat([header.subarray(0, 33), real.subarray(33)]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  company = await ctx.factories.company('Vigilancia Norte');
  const category = await ctx.factories.category({ name: 'Vigilante', companyIds: [company.id] });
  await ctx.db.insertInto('category_documents').values({ id: 'doc-sec-dni', category_id: category.id, name: 'DNI (foto)', type: 'foto', position: 0 }).execute();
  employee = await signInAs(ctx, 'Empleado', company.id, { name: 'Juan Pérez', categoryIds: [category.id] });
  supervisor = await signInAs(ctx, 'Supervisor', company.id, { name: 'Marta López' });
});
afterAll(() => ctx.close());

let before: Record<string, number>;
beforeEach(async () => {
  before = await counts();
});

describe('refused uploads store nothing and answer in Spanish', () => {
  it.each([
    ['a photo over 10 MB', () => uploadPhoto({ name: 'enorme.png', content: Buffer.concat([documentPhotoPng(), Buffer.alloc(MAX_FILE_BYTES)]), type: 'image/png' }), 413, 'El archivo «enorme.png» supera el tamaño máximo de 10 MB.'],
    ['a photo whose bytes are text', () => uploadPhoto({ name: 'dni.png', content: 'no soy una imagen', type: 'image/png' }), 415, 'La foto debe ser una imagen JPEG, PNG o WebP.'],
    ['a photo that is an SVG with script', () => uploadPhoto({ name: 'dni.svg', content: svg, type: 'image/svg+xml' }), 415, 'La foto debe ser una imagen JPEG, PNG o WebP.'],
    ['an SVG named and typed as a PNG', () => uploadPhoto({ name: 'dni.png', content: svg, type: 'image/png' }), 415, 'La foto debe ser una imagen JPEG, PNG o WebP.'],
    ['an empty photo', () => uploadPhoto({ name: 'vacía.png', content: Buffer.alloc(0), type: 'image/png' }), 400, 'El archivo está vacío.'],
    ['an attachment over 10 MB', () => createReport({ signature: goodSignature }, [{ name: 'video.mp4', content: Buffer.alloc(MAX_FILE_BYTES + 1) }]), 413, 'El archivo «video.mp4» supera el tamaño máximo de 10 MB.'],
  ])('%s', async (_name, send, status, message) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  const brokenSignatures: [string, string, number, string][] = [
    ['not a PNG', dataUrl(Buffer.from('GIF89a------------------------------------------')), 415, 'La firma debe ser una imagen PNG.'],
    ['only the PNG magic number', dataUrl(Buffer.from('89504e470d0a1a0a', 'hex')), 415, 'La firma debe ser una imagen PNG.'],
    ['a PNG cut in half', dataUrl(signaturePng().subarray(0, 200)), 415, 'La firma debe ser una imagen PNG.'],
    ['a PNG header in front of a script', dataUrl(Buffer.concat([signaturePng().subarray(0, 33), Buffer.from('<script>alert(1)</script>'), signaturePng().subarray(-12)])), 415, 'La firma debe ser una imagen PNG.'],
    ['a PNG declaring 60000×60000 pixels', dataUrl(hugeDeclaredPng()), 415, 'La firma debe ser una imagen PNG.'],
    ['a JPEG data URL', `data:image/jpeg;base64,${Buffer.from('ffd8ffe0', 'hex').toString('base64')}`, 400, 'La firma debe ser una imagen PNG.'],
    ['base64 that is not base64', 'data:image/png;base64,@@@@', 415, 'La firma debe ser una imagen PNG.'],
    ['over 512 KB', dataUrl(Buffer.concat([signaturePng(), deflateSync(Buffer.alloc(1)), Buffer.alloc(600 * 1024)])), 400, 'La firma es demasiado grande.'],
  ];

  it.each(brokenSignatures)('a saved signature that is %s', async (_name, signature, status, message) => {
    const response = await ctx.request({ method: 'PUT', url: '/api/my-signature', cookie: employee.cookie, payload: { signature } });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it.each(brokenSignatures)('a work report signed with a signature that is %s', async (_name, signature, status, message) => {
    const response = await createReport({ signature }, [{ name: 'acta.pdf', content: '%PDF-1.7 acta' }]);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

describe('file names are shown, never used as paths', () => {
  it('keeps only the last segment without controls or bidi overrides, and offers it safely on download', async () => {
    const names = ['../../../etc/passwd', '..\\..\\windows\\win.ini', 'acta\u0001\u007f\u0085.pdf', 'foto\u202egpj.exe', '..', 'informe;tipo=1.pdf', 'ñandú.pdf'];
    const created = await createReport(
      { signature: goodSignature },
      names.map((name) => ({ name, content: `%PDF-1.7 ${name}` })),
    );
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await ctx.request({ method: 'GET', url: `/api/employee-reports/${created.json().id}`, cookie: supervisor.cookie })).json();
    const stored = (detail.attachments as { name: string }[]).map((attachment) => attachment.name);
    expect(stored).toEqual(['passwd', 'win.ini', 'acta.pdf', 'fotogpj.exe', '', 'informe;tipo=1.pdf', 'ñandú.pdf']);
    const dispositions: string[] = [];
    for (const attachment of detail.attachments as { url: string }[]) {
      const download = await ctx.request({ method: 'GET', url: attachment.url, cookie: supervisor.cookie });
      expect(download.statusCode).toBe(200);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      dispositions.push(String(download.headers['content-disposition']));
    }
    for (const disposition of dispositions) {
      expect(disposition).toMatch(/^attachment; filename="[^"\\;\r\n/]*"; filename\*=UTF-8''[A-Za-z0-9%._~!*'()-]+$/);
    }
    expect(dispositions[0]).toContain('filename="passwd"');
    expect(dispositions[4]).toContain('filename="archivo"');
    expect(dispositions[5]).toContain('filename="informe_tipo=1.pdf"');
  });
});

describe('an SVG attachment (the spec allows attachments of any type)', () => {
  it('is stored as a generic binary and downloads as an attachment, never as image/svg+xml', async () => {
    const created = await createReport({ signature: goodSignature }, [{ name: 'plano.svg', content: svg, type: 'image/svg+xml' }]);
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await ctx.request({ method: 'GET', url: `/api/employee-reports/${created.json().id}`, cookie: supervisor.cookie })).json();
    const [attachment] = detail.attachments as { url: string; type: string }[];
    expect(attachment!.type).toBe('application/octet-stream');
    const download = await ctx.request({ method: 'GET', url: attachment!.url, cookie: supervisor.cookie });
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="plano.svg"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('every download route', () => {
  it('sends Content-Disposition: attachment and nosniff', async () => {
    expect((await uploadPhoto({ name: 'dni.png', content: documentPhotoPng(), type: 'image/png' })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'PUT', url: '/api/my-signature', cookie: employee.cookie, payload: { signature: goodSignature } })).statusCode).toBe(200);
    const report = (await createReport({}, [{ name: 'acta.pdf', content: '%PDF-1.7 acta' }])).json();
    const detail = (await ctx.request({ method: 'GET', url: `/api/employee-reports/${report.id}`, cookie: supervisor.cookie })).json();
    const downloads = [
      { url: '/api/my-documents/doc-sec-dni/photo', cookie: employee.cookie },
      { url: `/api/employees/${employee.id}/documents/doc-sec-dni/photo`, cookie: supervisor.cookie },
      { url: '/api/my-signature/image', cookie: employee.cookie },
      { url: '/api/work-reports/signature/image', cookie: employee.cookie },
      { url: `/api/work-reports/${report.id}/signature`, cookie: employee.cookie },
      { url: `/api/employee-reports/${report.id}/signature`, cookie: supervisor.cookie },
      { url: (detail.attachments as { url: string }[])[0]!.url, cookie: supervisor.cookie },
    ];
    for (const { url, cookie } of downloads) {
      const response = await ctx.request({ method: 'GET', url, cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-disposition'], url).toMatch(/^attachment; /);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
