import { writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ESTATUTO_RULES } from '@jornada/shared/working-time';
import { csvField, renderRegistroCsv } from './registro-csv';
import { buildRegistroDocument, daysBetween, formatClock, periodLabel, registroRecordWindow, type RegistroRecord, type RegistroSources } from './registro-document';
import { renderRegistroPdf } from './registro-pdf';
import { pdfPageTexts } from '../../test/pdf-text';

const worker = { id: 'u1', name: 'Lucía Fernández Núñez', username: 'lucia', email: 'lucia@example.com' };

function sources(overrides: Partial<RegistroSources> = {}): RegistroSources {
  const records: RegistroRecord[] = [
    // 2 November: 10 h 30 min (1 h 30 min of overtime), corrected.
    { id: 'r1', userId: 'u1', start: '2026-11-02T07:00:00Z', end: '2026-11-02T17:30:00Z', corrected: true },
    // 3 November: a night across midnight, 9 h of rest before the next one.
    { id: 'r2', userId: 'u1', start: '2026-11-03T13:00:00Z', end: '2026-11-03T21:00:00Z', corrected: false },
    { id: 'r3', userId: 'u1', start: '2026-11-04T06:00:00Z', end: '2026-11-04T14:00:00Z', corrected: false },
    // January overtime counts in the year's total.
    { id: 'r0', userId: 'u1', start: '2026-01-12T06:00:00Z', end: '2026-01-12T17:00:00Z', corrected: false },
    { id: 'r4', userId: 'u1', start: '2026-11-20T21:00:00Z', end: null, corrected: false },
  ];
  return {
    company: { id: 'c1', name: 'Seguridad Ibérica, S.L.' },
    from: '2026-11-01',
    to: '2026-11-30',
    timeZone: 'Europe/Madrid',
    generatedAt: new Date('2026-12-01T09:00:00Z'),
    rules: ESTATUTO_RULES,
    workers: [worker],
    records,
    signatures: new Map([['u1', [{ month: '2026-11', signedAt: '2026-12-01T10:15:00Z' }]]]),
    ...overrides,
  };
}

describe('registro document', () => {
  it('has every day of the range with totals, overtime and the year so far', () => {
    const document = buildRegistroDocument(sources());
    const [section] = document.sections;
    expect(section?.days).toHaveLength(30);
    expect(section?.days[1]).toMatchObject({ day: '2026-11-02', workedMinutes: 630, overtimeMinutes: 90 });
    expect(section?.days[3]?.breaks.map((item) => item.message)).toEqual(['Descanso entre jornadas: 9 h, mínimo 12 h (faltan 3 h)']);
    expect(section?.totals).toEqual({ workedMinutes: 630 + 480 + 480, overtimeMinutes: 90, yearOvertimeMinutes: 90 + 120, breakCount: 2 });
    expect(section?.days[19]?.entries[0]).toMatchObject({ end: null, workedMinutes: 0 });
  });

  it('reads records from two days before the 1st of January of the range', () => {
    const window = registroRecordWindow('2026-11-01', '2026-11-30', 'Europe/Madrid');
    expect(window.start.toISOString()).toBe('2025-12-29T23:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });

  it('prints a night shift across the autumn DST change with its next-day mark', () => {
    expect(formatClock('2026-10-24T20:00:00Z', '2026-10-24', 'Europe/Madrid')).toBe('22:00');
    expect(formatClock('2026-10-25T05:00:00Z', '2026-10-24', 'Europe/Madrid')).toBe('06:00 (+1)');
  });

  it('names a whole month, or the range', () => {
    expect(periodLabel('2026-11-01', '2026-11-30')).toBe('Noviembre de 2026');
    expect(periodLabel('2026-02-01', '2026-02-28')).toBe('Febrero de 2026');
    expect(periodLabel('2026-11-03', '2026-12-02')).toBe('03/11/2026 – 02/12/2026');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('registro CSV', () => {
  it('opens in a Spanish Excel: BOM, semicolons, CRLF, dd/mm/yyyy and decimal commas', () => {
    const bytes = renderRegistroCsv(buildRegistroDocument(sources()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(lines[0]).toBe('Empresa;Trabajador;Usuario;Fecha;Entrada;Salida;Horas;Corregido;Marcas;Total día (h);Horas extra día (h);Incumplimientos;Firmado');
    expect(lines[2]).toBe(
      'Seguridad Ibérica, S.L.;Lucía Fernández Núñez;lucia;02/11/2026;02/11/2026 08:00;02/11/2026 18:30;10,50;Sí;;10,50;1,50;Jornada diaria: 10 h 30 min, máximo 9 h (exceso 1 h 30 min);Firmado el 01/12/2026 11:15',
    );
    expect(lines.find((line) => line.includes('20/11/2026;'))).toContain(';Sin cierre;0,00;No;;');
    expect(lines.at(-3)).toContain(';Total;');
    expect(lines.at(-3)).toContain('Horas extra del año hasta 30/11/2026: 3,50 h');
    // The chain head the copy anchors, on its own last line (decision 031).
    expect(lines.at(-2)).toBe('Cadena del registro: sin entradas');
    const anchored = renderRegistroCsv({ ...buildRegistroDocument(sources()), chainHead: { seq: 7, hash: 'ab'.repeat(32) } }).toString('utf8');
    expect(anchored.trimEnd().split('\r\n').at(-1)).toBe(`Cadena del registro: entrada 7, hash ${'ab'.repeat(32)}`);
  });

  it("shows a record's flags in the Marcas column (decision 040)", () => {
    const records: RegistroRecord[] = [
      { id: 'r1', userId: 'u1', start: '2026-11-02T07:00:00Z', end: '2026-11-02T15:00:00Z', corrected: false, flags: ['sin-conexion'] },
      { id: 'r2', userId: 'u1', start: '2026-11-03T07:00:00Z', end: '2026-11-03T15:00:00Z', corrected: true, flags: ['cierre-automatico', 'fuera-de-zona'] },
      { id: 'r3', userId: 'u1', start: '2026-11-04T07:00:00Z', end: '2026-11-04T15:00:00Z', corrected: false },
    ];
    const document = buildRegistroDocument(sources({ records }));
    expect(document.sections[0]?.days[1]?.entries[0]?.flags).toEqual(['sin-conexion']);
    const lines = renderRegistroCsv(document).subarray(3).toString('utf8').split('\r\n');
    expect(lines.find((line) => line.includes(';02/11/2026;'))).toContain(';8,00;No;Fichado sin conexión;8,00;');
    expect(lines.find((line) => line.includes(';03/11/2026;'))).toContain(';8,00;Sí;Cierre automático | Fuera de zona;8,00;');
    expect(lines.find((line) => line.includes(';04/11/2026;'))).toContain(';8,00;No;;8,00;');
  });

  it('neutralises formulas and quotes separators', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+34 600')).toBe("'+34 600");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('línea\nnueva')).toBe('"línea\nnueva"');
    expect(csvField('Núñez')).toBe('Núñez');
  });

  it('keeps a worker name that looks like a formula as text', () => {
    const text = renderRegistroCsv(buildRegistroDocument(sources({ workers: [{ ...worker, name: '=cmd|calc' }] }))).toString('utf8');
    expect(text).toContain(";'=cmd|calc;");
    expect(text).not.toMatch(/;=cmd/);
  });
});

describe('registro PDF', () => {
  it('renders one page per worker-month and repeats pages for many workers', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ ...worker, id: `u${index + 1}`, name: `Trabajador ${index + 1} 😀 Ñandú` }));
    const records = many.flatMap((person, index) =>
      daysBetween('2026-11-01', '2026-11-30').flatMap((day, dayIndex) => [
        { id: `${person.id}-${day}-a`, userId: person.id, start: `${day}T06:00:00Z`, end: `${day}T10:00:00Z`, corrected: dayIndex % 7 === index % 7 },
        { id: `${person.id}-${day}-b`, userId: person.id, start: `${day}T11:00:00Z`, end: `${day}T${dayIndex % 5 === 0 ? '17' : '15'}:30:00Z`, corrected: false },
      ]),
    );
    const chainHead = { seq: 1234, hash: 'c0ffee'.repeat(10) + 'beef' };
    const bytes = await renderRegistroPdf({ ...buildRegistroDocument(sources({ workers: many, records })), chainHead });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(12);
    // Every page carries the chain head it anchors (decision 031), and so does the document's Subject.
    const head = `Cadena del registro: entrada 1234, hash ${chainHead.hash}`;
    for (const page of await pdfPageTexts(bytes)) expect(page).toContain(head);
    expect(pdf.getSubject()).toBe(head);
    if (process.env.REGISTRO_PDF_SAMPLE) writeFileSync(process.env.REGISTRO_PDF_SAMPLE, bytes);
  });

  it('prints a single worker month with its signature state', async () => {
    const bytes = await renderRegistroPdf(buildRegistroDocument(sources()));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    if (process.env.REGISTRO_PDF_SAMPLE) writeFileSync(process.env.REGISTRO_PDF_SAMPLE.replace('.pdf', '-one.pdf'), bytes);
  });

  it("marks a flagged record's time and explains the marks", async () => {
    const records: RegistroRecord[] = [
      { id: 'r1', userId: 'u1', start: '2026-11-02T07:00:00Z', end: '2026-11-02T15:00:00Z', corrected: false, flags: ['sin-conexion'] },
      { id: 'r2', userId: 'u1', start: '2026-11-20T21:00:00Z', end: null, corrected: false, flags: ['fuera-de-zona'] },
    ];
    const [page] = await pdfPageTexts(await renderRegistroPdf(buildRegistroDocument(sources({ records }))));
    expect(page).toContain('8 h S');
    expect(page).toContain('Sin cierre');
    expect(page).toContain('S: fichado sin conexión (hora estimada con el reloj del servidor');
    expect(page).toContain('A: cierre automático');
    expect(page).not.toContain('…');
  });

  it('prints a page even without workers', async () => {
    const bytes = await renderRegistroPdf(buildRegistroDocument(sources({ workers: [] })));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
