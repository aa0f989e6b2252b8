import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { PAYROLL_EXPORT_COLUMNS } from './payroll-export';
import { craftMonth, CRAFTED_MONTH, type CraftedMonth } from './payroll.test-support';

/*
 * GET /api/payroll/export (issue 26 item 5, docs/payroll-export.md): the XLSX parsed back with
 * exceljs and the CSV parsed back, cell by cell against the hand-computed December 2026 of
 * payroll.test.ts (craftMonth), at the company's own rules and concept codes.
 */

let ctx: TestContext;
let companyA: { id: string };
let companyB: { id: string };
let supervisor: SignedInUser;
let foreignSupervisor: SignedInUser;
let ana: SignedInUser;
let bruno: SignedInUser;
let idle: SignedInUser;
let admin: SignedInUser;
let completedRecord: CraftedMonth['record'];

const MONTH = CRAFTED_MONTH;
const HEADERS = PAYROLL_EXPORT_COLUMNS.map((column) => column.header);
const INJECTED_PLUS = '=HYPERLINK("http://x";"y")';

const download = (cookie: string, query: string) => ctx.request({ method: 'GET', url: `/api/payroll/export?${query}`, cookie });

type Cell = string | number | null;

async function parseXlsx(bytes: Buffer): Promise<{ workbook: ExcelJS.Workbook; rows: Cell[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push(HEADERS.map((_, index) => (row.getCell(index + 1).value as Cell | undefined) ?? null));
  });
  return { workbook, rows };
}

/** A CSV reader for what we write: ';' fields, '"' quoting with doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const rowsOf = <T extends Cell | string>(rows: T[][], name: string) => rows.filter((row) => row[5] === name);
const byCode = <T extends Cell | string>(rows: T[][], code: string) => rows.find((row) => row[6] === code);

beforeAll(async () => {
  ({ ctx, companyA, companyB, supervisor, foreignSupervisor, ana, bruno, admin, record: completedRecord } = await craftMonth());
  // Bruno's 4 h and 10 more minutes: 4,17 h (hundredths, half up). Carla holds nothing to export.
  await completedRecord(bruno, companyA.id, '2026-12-06T09:00:00.000Z', '2026-12-06T09:10:00.000Z');
  idle = await signInAs(ctx, 'Empleado', companyA.id, { name: 'Carla Sin Horas', categoryIds: ['cat-proteccion-civil'] });
  // The monthly pluses are a category override: the category must be the company's.
  await ctx.db.insertInto('company_categories').values({ company_id: companyA.id, category_id: 'cat-vigilante' }).execute();
  const rules = await ctx.request({
    method: 'PUT',
    url: '/api/pay-rules',
    cookie: supervisor.cookie,
    payload: {
      nightWindow: { start: '22:00', end: '06:00' },
      nightPlusPerHourCents: 300,
      holidayPlusPerHourCents: 500,
      sundaysAreHolidays: false,
      nightHoliday: 'both',
      overtime: { kind: 'multiplier', factor: 1.5 },
      conceptCodes: { ordinary: 'A01', night: 'N10', holiday: 'F11', overtime: 'X20' },
      categories: [
        {
          categoryId: 'cat-vigilante',
          monthlyPluses: [
            { name: 'Plus de peligrosidad', cents: 4000, code: 'P30' },
            { name: INJECTED_PLUS, cents: 1000 },
            { name: 'Plus a cero', cents: 0, code: 'Z00' },
          ],
        },
      ],
    },
  });
  if (rules.statusCode !== 200) throw new Error(`pay rules: ${rules.statusCode} ${rules.body}`);
});
afterAll(() => ctx.close());

describe('GET /api/payroll/export?format=xlsx', () => {
  it('streams a workbook whose cells are the sheet: codes, hours and amounts as numbers, header bold and frozen', async () => {
    const response = await download(supervisor.cookie, `month=${MONTH}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="nomina-${MONTH}.xlsx"; filename*=UTF-8''nomina-${MONTH}.xlsx`);
    expect(response.headers['cache-control']).toContain('no-store');

    const { workbook, rows } = await parseXlsx(response.rawPayload);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe(`Nómina ${MONTH}`);
    expect(rows[0]).toEqual(HEADERS);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const anaRows = rowsOf(rows, 'Ana Nocturna');
    const who = ['Norte', MONTH, 'Abierto', ana.id, ana.username, 'Ana Nocturna'];
    // Base 28 h × 22,50 € = 630 €; night 6 h × 3 € = 18 €; holiday 8 h × 5 € = 40 €; overtime 2 h × 11,25 € = 22,50 €.
    expect(anaRows).toEqual([
      [...who, 'A01', 'Horas ordinarias', 28, 630, '1 registro marcado para revisar'],
      [...who, 'N10', 'Plus de nocturnidad', 6, 18, null],
      [...who, 'F11', 'Plus de festivos', 8, 40, null],
      [...who, 'X20', 'Horas extraordinarias', 2, 22.5, null],
      [...who, 'P30', 'Plus de peligrosidad', 1, 40, null],
      // A name that reads like a formula stays a text cell in a workbook; the zero plus is left out.
      [...who, null, INJECTED_PLUS, 1, 10, 'Sin código de concepto en Reglas de pago'],
    ]);
    const hoursCell = sheet.getRow(2).getCell(9);
    expect(hoursCell.type).toBe(ExcelJS.ValueType.Number);
    expect(hoursCell.numFmt).toBe('0.00');
    expect(sheet.getRow(2).getCell(10).type).toBe(ExcelJS.ValueType.Number);
    const injected = sheet.getRow(7).getCell(8);
    expect(injected.type).toBe(ExcelJS.ValueType.String);

    // 'Por Convenio': the hours, no amount; rows with nothing in them are left out (and Carla has none).
    expect(rowsOf(rows, 'Bruno Convenio')).toEqual([['Norte', MONTH, 'Abierto', bruno.id, bruno.username, 'Bruno Convenio', 'A01', 'Horas ordinarias', 4.17, null, 'Por Convenio: sin precio']]);
    expect(rowsOf(rows, 'Carla Sin Horas')).toEqual([]);
    expect(rows.flat()).not.toContain(idle.id);
    expect(JSON.stringify(rows)).not.toContain('Marcador Sur');

    // The amounts add up to the sheet 'Pagos' shows (Por Convenio adds nothing there, and has no plus here).
    const payroll = (await ctx.request({ method: 'GET', url: `/api/payroll?month=${MONTH}`, cookie: supervisor.cookie })).json();
    const amountSum = rows.slice(1).reduce((sum, row) => sum + Math.round(((row[9] as number | null) ?? 0) * 100), 0);
    expect(amountSum).toBe(payroll.totals.amounts.totalCents);

    const summary = workbook.getWorksheet('Resumen')!;
    expect(summary.getRow(3).values).toEqual([undefined, 'Estado', expect.stringMatching(/^Abierto: cifras provisionales/)]);
  });

  it('exports the frozen sheet of a closed month, not a recomputation, and says it is closed', async () => {
    expect((await ctx.request({ method: 'POST', url: '/api/payroll/close', cookie: supervisor.cookie, payload: { month: MONTH } })).statusCode).toBe(200);
    // A record arriving after the closing does not show until the month is reopened.
    await completedRecord(ana, companyA.id, '2026-12-21T08:00:00.000Z', '2026-12-21T10:00:00.000Z');

    const closed = await parseXlsx((await download(supervisor.cookie, `month=${MONTH}&format=xlsx`)).rawPayload);
    const ordinary = byCode(rowsOf(closed.rows, 'Ana Nocturna'), 'A01')!;
    expect(ordinary.slice(2, 3)).toEqual(['Cerrado']);
    expect(ordinary.slice(8, 10)).toEqual([28, 630]);
    expect(String(closed.workbook.getWorksheet('Resumen')!.getRow(3).getCell(2).value)).toMatch(/^Cerrado el 08\/01\/2027 11:00 por /);

    expect((await ctx.request({ method: 'POST', url: '/api/payroll/reopen', cookie: supervisor.cookie, payload: { month: MONTH } })).statusCode).toBe(200);
    const reopened = await parseXlsx((await download(supervisor.cookie, `month=${MONTH}&format=xlsx`)).rawPayload);
    expect(byCode(rowsOf(reopened.rows, 'Ana Nocturna'), 'A01')!.slice(2, 10)).toEqual(['Abierto', ana.id, ana.username, 'Ana Nocturna', 'A01', 'Horas ordinarias', 30, 675]);
  });
});

describe('GET /api/payroll/export?format=csv', () => {
  it('is UTF-8 with a BOM, ; between fields, decimal comma, and guards text cells against formulas', async () => {
    const response = await download(supervisor.cookie, `month=${MONTH}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename="nomina-${MONTH}.csv"`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);

    const rows = parseCsv(text);
    expect(rows[0]).toEqual(HEADERS);
    const who = ['Norte', MONTH, 'Abierto', ana.id, ana.username, 'Ana Nocturna'];
    // December as reopened above: 30 h, 13 h… the 21st is a Monday, ordinary.
    expect(rowsOf(rows, 'Ana Nocturna')).toEqual([
      [...who, 'A01', 'Horas ordinarias', '30,00', '675,00', '1 registro marcado para revisar'],
      [...who, 'N10', 'Plus de nocturnidad', '6,00', '18,00', ''],
      [...who, 'F11', 'Plus de festivos', '8,00', '40,00', ''],
      [...who, 'X20', 'Horas extraordinarias', '2,00', '22,50', ''],
      [...who, 'P30', 'Plus de peligrosidad', '1,00', '40,00', ''],
      [...who, '', `'${INJECTED_PLUS}`, '1,00', '10,00', 'Sin código de concepto en Reglas de pago'],
    ]);
    // The formula-like name is quoted (it holds ';' and '"') and starts with an apostrophe.
    expect(text).toContain(`;"'=HYPERLINK(""http://x"";""y"")";`);
    expect(rowsOf(rows, 'Bruno Convenio')).toEqual([['Norte', MONTH, 'Abierto', bruno.id, bruno.username, 'Bruno Convenio', 'A01', 'Horas ordinarias', '4,17', '', 'Por Convenio: sin precio']]);
    expect(text).not.toContain('Marcador Sur');
    expect(rows.every((row) => row.length === HEADERS.length)).toBe(true);
  });

  it('logs each download in the action log', async () => {
    const log = await ctx.db.selectFrom('action_log').select(['kind', 'message']).where('company_id', '=', companyA.id).where('kind', '=', 'payroll.export').execute();
    expect(log.length).toBeGreaterThanOrEqual(4);
    expect(log.map((entry) => entry.message)).toContain(`${supervisor.name} ha descargado la nómina de ${MONTH} (CSV)`);
  });
});

describe('who may download which company', () => {
  it('refuses the Empleado, another company, a bad month or format, and asks the Administrador for a company', async () => {
    expect((await download(ana.cookie, `month=${MONTH}&format=xlsx`)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: `/api/payroll/export?month=${MONTH}&format=xlsx` })).statusCode).toBe(401);

    const foreign = await download(foreignSupervisor.cookie, `month=${MONTH}&format=csv&companyId=${companyA.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No se ha encontrado la empresa.');
    expect(foreign.body).not.toContain('Ana Nocturna');
    // Their own company, without naming it: only their people.
    const own = await download(foreignSupervisor.cookie, `month=${MONTH}&format=csv`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Marcador Sur');
    expect(own.body).not.toContain('Ana Nocturna');

    const badMonth = await download(supervisor.cookie, 'month=2026-13&format=xlsx');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.message).toBe('El mes debe tener el formato aaaa-MM.');
    const early = await download(supervisor.cookie, 'month=2019-12&format=xlsx');
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('El mes debe estar entre 2020-01 y 2028-12.');
    const pdf = await download(supervisor.cookie, `month=${MONTH}&format=pdf`);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.message).toBe('El formato debe ser xlsx o csv.');

    expect((await download(admin.cookie, `month=${MONTH}&format=xlsx`)).json().error.message).toBe('Selecciona una empresa.');
    expect((await download(admin.cookie, `month=${MONTH}&format=xlsx&companyId=comp-nadie`)).statusCode).toBe(404);
    const adminView = await parseXlsx((await download(admin.cookie, `month=${MONTH}&format=xlsx&companyId=${companyB.id}`)).rawPayload);
    expect(adminView.rows.slice(1).map((row) => row[5])).toEqual(['Marcador Sur', 'Marcador Sur']);
  });
});
