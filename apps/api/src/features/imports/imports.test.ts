import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { END_BEFORE_START_MESSAGE } from '@jornada/shared/schemas/events';
import { IMPORT_FORMAT_MESSAGE, IMPORT_MAX_ROWS, IMPORT_TEMPLATES, IMPORT_TOO_LARGE_MESSAGE, IMPORT_TOO_MANY_ROWS_MESSAGE, isValidDni, parseLocalDateTime, type ImportPreview } from '@jornada/shared/schemas/imports';
import { jobHandlers } from '../../jobs/job-handlers';
import { JobRunner } from '../../jobs/job-runner';
import { multipart } from '../../test/multipart';
import { arrangeTwoCompaniesWithCategories, type TwoCompaniesWithCategories } from '../../test/worlds';
import { createTestContext, type TestContext } from '../../test/test-app';
import { startTestMailbox, type TestMailbox } from '../../test/test-mailbox';
import { createMailer, type Mailer } from '../mail/mailer';
import { OWN_COMPANY_ONLY_MESSAGE, COMPANY_REQUIRED_MESSAGE } from './import-rows';
import { unknownStaffMessage } from './event-import';
import { readCsv } from './read-table';

let ctx: TestContext;
let world: TwoCompaniesWithCategories;
let mailbox: TestMailbox;
let mailer: Mailer;
let jobs: JobRunner;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await arrangeTwoCompaniesWithCategories(ctx);
  mailbox = await startTestMailbox();
  mailer = createMailer({ smtpUrl: mailbox.url, from: 'Jornada <avisos@jornada.example.es>' });
  jobs = new JobRunner({ db: ctx.db, dialect: ctx.database.dialect, clock: ctx.clock, handlers: jobHandlers({ timeZone: 'Europe/Madrid', mailer, publicUrl: 'https://jornada.example.es' }), backoffMs: 1_000, maxBackoffMs: 60_000 });
});
afterAll(async () => {
  mailer.close();
  await mailbox.close();
  await ctx.close();
});
beforeEach(() => mailbox.clear());

const BOM = '\uFEFF';
const EMPLOYEE_HEADER = 'Nombre;Usuario;Correo;Empresa;Categorías;DNI;Número TIP';

function upload(cookie: string, url: string, content: string | Buffer, name = 'archivo.csv') {
  return ctx.request({ method: 'POST', url, cookie, ...multipart({}, [{ field: 'file', name, content }]) });
}

async function preview(cookie: string, kind: 'employees' | 'events', content: string | Buffer): Promise<ImportPreview> {
  const response = await upload(cookie, `/api/imports/${kind}/preview`, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ImportPreview;
}

const problemsByLine = (result: ImportPreview) => Object.fromEntries(result.rows.map((row) => [row.line, row.problems]));

/** Everything an import may write: a refused one must leave each count as it was. */
async function counts() {
  const count = async (table: 'users' | 'mails' | 'events' | 'event_assignments' | 'employee_qualifications' | 'account_tokens' | 'user_categories') =>
    Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    users: await count('users'),
    mails: await count('mails'),
    events: await count('events'),
    assignments: await count('event_assignments'),
    qualifications: await count('employee_qualifications'),
    tokens: await count('account_tokens'),
    categories: await count('user_categories'),
  };
}

describe('shared rules', () => {
  it('checks the DNI and NIE letter and reads Spanish and ISO dates in the company zone', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('12345678-z')).toBe(true);
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('X1234567L')).toBe(true);
    expect(isValidDni('1234567Z')).toBe(false);
    expect(parseLocalDateTime('15/07/2027 20:00', 'Europe/Madrid')?.toISOString()).toBe('2027-07-15T18:00:00.000Z');
    expect(parseLocalDateTime('2027-01-15 20:00', 'Europe/Madrid')?.toISOString()).toBe('2027-01-15T19:00:00.000Z');
    expect(parseLocalDateTime('31/02/2027 20:00', 'Europe/Madrid')).toBeUndefined();
    expect(parseLocalDateTime('mañana', 'Europe/Madrid')).toBeUndefined();
  });

  it('reads quoted CSV with either separator, doubled quotes and line breaks inside quotes', () => {
    expect(readCsv('a;b\r\n"x;1";"dice ""hola""\nadiós"\r\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'dice "hola"\nadiós'] },
    ]);
    expect(readCsv('a,b\n"1,5",2').map((row) => row.cells)).toEqual([['a', 'b'], ['1,5', '2']]);
  });
});

describe('employees', () => {
  it('previews every row with its problems in Spanish and writes nothing', async () => {
    const before = await counts();
    const csv = [
      EMPLOYEE_HEADER,
      `Lucía Martín;lmartin;lucia@example.es;;"Escolta";12345678Z;TIP-1`,
      `;sinnombre;sinnombre@example.es;;;;`,
      `Pedro Ruiz;pruiz;no-es-un-correo;;;;`,
      `Pedro Bis;lmartin;otra@example.es;;;;`,
      `Eva Sala;${world.employee.username};eva@example.es;;;;`,
      `Juan Sin;jsin;juan@example.es;;Azafata;;`,
      `Marta Paz;mpaz;marta@example.es;;;12345678A;`,
      `Rosa Gil;rgil;rosa@example.es;;;1234;`,
      `Otro Sitio;osit;osit@example.es;${world.other.name};;;`,
      `Igual Correo;icorreo;LUCIA@example.es;;;;`,
    ].join('\r\n');
    const result = await preview(world.supervisor.cookie, 'employees', BOM + csv);
    const problems = problemsByLine(result);
    expect(result.columns).toEqual(['Nombre', 'Usuario', 'Correo', 'Empresa', 'Categorías', 'DNI', 'Número TIP']);
    expect(result.rows).toHaveLength(10);
    expect(problems[2]).toEqual(['El usuario «lmartin» está repetido en el archivo (filas 2, 5).', 'El correo «lucia@example.es» está repetido en el archivo (filas 2, 11).']);
    expect(problems[3]).toEqual(['Falta el nombre.']);
    expect(problems[4]).toEqual(['El correo electrónico «no-es-un-correo» no es válido.']);
    expect(problems[6]).toEqual([`El nombre de usuario «${world.employee.username}» ya existe.`]);
    // Another company's category is as unknown as one that does not exist.
    expect(problems[7]).toEqual(['La categoría «Azafata» no existe en la empresa.']);
    expect(problems[8]).toEqual(['La letra del DNI «12345678A» no es correcta.']);
    expect(problems[9]![0]).toMatch(/^El DNI «1234» no es válido/);
    expect(problems[10]).toEqual([OWN_COMPANY_ONLY_MESSAGE]);
    expect(result.rowsWithProblems).toBe(10);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file with one bad row and stores nothing, not even the good rows', async () => {
    const before = await counts();
    const csv = [EMPLOYEE_HEADER, 'Buena Fila;buena1;buena1@example.es;;;;', 'Mala Fila;mala1;;;;;'].join('\n');
    const response = await upload(world.supervisor.cookie, '/api/imports/employees', csv);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toMatch(/^No se ha importado nada/);
    expect(await counts()).toEqual(before);
    while ((await jobs.runDue()) > 0);
    expect(mailbox.messages()).toHaveLength(0);
  });

  it('imports an XLSX into the supervisor’s company with categories, DNI and TIP, and mails each invitation', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Empleados');
    sheet.addRow(['Nombre', 'Usuario', 'Correo electrónico', 'Empresa', 'Categorías', 'DNI', 'Número TIP']);
    sheet.addRow(['Carmen Vidal', 'cvidal', { text: 'carmen.vidal@example.es', hyperlink: 'mailto:carmen.vidal@example.es' }, world.home.name, 'escolta', 'x1234567l', 'TIP-998877']);
    sheet.addRow(['Diego Soto', 'dsoto', 'diego.soto@example.es', '', '', '', '']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

    expect((await preview(world.supervisor.cookie, 'employees', xlsx)).rowsWithProblems).toBe(0);
    const response = await upload(world.supervisor.cookie, '/api/imports/employees', xlsx, 'empleados.xlsx');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ kind: 'employees', created: 2, invited: 2 });

    const carmen = await ctx.db.selectFrom('users').selectAll().where('username', '=', 'cvidal').executeTakeFirstOrThrow();
    expect(carmen).toMatchObject({ company_id: world.home.id, role_id: 'role-employee', dni: 'X1234567L', email: 'carmen.vidal@example.es' });
    const categories = await ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', carmen.id).execute();
    expect(categories.map((row) => row.category_id)).toEqual([world.homeCategory.id]);
    const tip = await ctx.db
      .selectFrom('employee_qualifications as q')
      .innerJoin('qualification_types as t', 't.id', 'q.type_id')
      .select(['q.number', 't.name', 'q.company_id'])
      .where('q.user_id', '=', carmen.id)
      .executeTakeFirstOrThrow();
    expect(tip).toEqual({ number: 'TIP-998877', name: 'TIP de vigilante de seguridad', company_id: world.home.id });

    while ((await jobs.runDue()) > 0);
    const mail = await mailbox.waitFor('carmen.vidal@example.es', { timeoutMs: 5_000 });
    expect(mail.subject).toBe('Te han invitado a Jornada');
    expect(mail.text).toContain('«cvidal»');
    expect(mail.links.some((link) => link.includes('/crear-contrasena#t='))).toBe(true);
    await mailbox.waitFor('diego.soto@example.es', { timeoutMs: 5_000 });

    // The same file again: every row is now a duplicate of the database.
    const again = await preview(world.supervisor.cookie, 'employees', xlsx);
    expect(problemsByLine(again)[2]).toEqual(['El nombre de usuario «cvidal» ya existe.', 'Ya hay una persona con el correo «carmen.vidal@example.es» en la empresa.', 'Ya hay una persona con el DNI «X1234567L» en la empresa.']);
  });

  it('lets the administrator import into a company named in the file, which is required', async () => {
    const csv = [EMPLOYEE_HEADER, `Nora Paz;npaz;nora@example.es;${world.other.name.toUpperCase()};Azafata;;`, 'Sin Empresa;sinemp;sinemp@example.es;;;;', 'Rara;rara;rara@example.es;Empresa Fantasma;;;'].join('\n');
    const result = await preview(world.admin.cookie, 'employees', csv);
    expect(problemsByLine(result)).toEqual({ 2: [], 3: [COMPANY_REQUIRED_MESSAGE], 4: ['No existe ninguna empresa llamada «Empresa Fantasma».'] });
    const good = await upload(world.admin.cookie, '/api/imports/employees', [EMPLOYEE_HEADER, `Nora Paz;npaz;nora@example.es;${world.other.name};Azafata;;`].join('\n'));
    expect(good.statusCode, good.body).toBe(201);
    const nora = await ctx.db.selectFrom('users').select(['company_id']).where('username', '=', 'npaz').executeTakeFirstOrThrow();
    expect(nora.company_id).toBe(world.other.id);
  });

  it('refuses the supervisor a file for another company at import time too', async () => {
    const before = await counts();
    const response = await upload(world.supervisor.cookie, '/api/imports/employees', [EMPLOYEE_HEADER, `Intrusa;intrusa;intrusa@example.es;${world.other.name};;;`].join('\n'));
    expect(response.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('answers a missing column, a file that is not a table, a large file and too many rows in Spanish', async () => {
    const missing = await preview(world.supervisor.cookie, 'employees', 'Nombre;Correo\nAna;ana@example.es');
    expect(missing.fileProblems).toEqual(['Falta la columna «Usuario». Usa la plantilla para ver las columnas.']);
    expect((await upload(world.supervisor.cookie, '/api/imports/employees', 'Nombre;Correo\nAna;ana@example.es')).statusCode).toBe(422);

    const binary = await upload(world.supervisor.cookie, '/api/imports/employees/preview', Buffer.from([0x00, 0x01, 0x02, 0x03]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error.message).toBe(IMPORT_FORMAT_MESSAGE);

    const brokenZip = await upload(world.supervisor.cookie, '/api/imports/employees/preview', Buffer.from('PK\u0003\u0004roto'));
    expect(brokenZip.statusCode).toBe(400);

    const large = await upload(world.supervisor.cookie, '/api/imports/employees/preview', `${EMPLOYEE_HEADER}\n${'x'.repeat(2 * 1024 * 1024 + 10)}`);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(IMPORT_TOO_LARGE_MESSAGE);

    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, index) => `P ${index};p${index};p${index}@example.es;;;;`);
    const many = await upload(world.supervisor.cookie, '/api/imports/employees/preview', [EMPLOYEE_HEADER, ...rows].join('\n'));
    expect(many.statusCode).toBe(413);
    expect(many.json().error.message).toBe(IMPORT_TOO_MANY_ROWS_MESSAGE);

    const none = await ctx.request({ method: 'POST', url: '/api/imports/employees/preview', cookie: world.supervisor.cookie, ...multipart({ a: 'b' }) });
    expect(none.statusCode).toBe(400);
  });

  it('keeps the Empleado out, and the template previews clean but for its example category', async () => {
    expect((await upload(world.employee.cookie, '/api/imports/employees/preview', IMPORT_TEMPLATES.employees)).statusCode).toBe(403);
    const template = await preview(world.supervisor.cookie, 'employees', BOM + IMPORT_TEMPLATES.employees);
    expect(template.fileProblems).toEqual([]);
    expect(problemsByLine(template)[2]).toEqual(['La categoría «Vigilante» no existe en la empresa.']);
  });
});

describe('events', () => {
  const HEADER = 'Nombre;Lugar;Inicio;Fin;Personal;Empresa';
  let foreign: { username: string };
  let colleague: { id: string; username: string };

  beforeAll(async () => {
    foreign = await ctx.factories.user({ role: 'Empleado', companyId: world.other.id, name: 'Ajena Persona' });
    colleague = await ctx.factories.user({ role: 'Empleado', companyId: world.home.id, name: 'Colega Casa' });
  });

  it('previews field, date and staff problems; another company’s username is unknown', async () => {
    const before = await counts();
    const csv = [
      HEADER,
      `Concierto;Plaza Mayor;2027-07-15 20:00;2027-07-16 02:00;${colleague.username};`,
      `Al revés;Plaza;16/07/2027 22:00;16/07/2027 20:00;;`,
      `Sin lugar;;2027-07-17 10:00;2027-07-17 12:00;;`,
      `Fecha mala;Plaza;mañana;2027-07-17 12:00;;`,
      `Intruso;Plaza;2027-07-18 10:00;2027-07-18 12:00;${foreign.username};`,
      `Otra empresa;Plaza;2027-07-19 10:00;2027-07-19 12:00;;${world.other.name}`,
    ].join('\n');
    const problems = problemsByLine(await preview(world.supervisor.cookie, 'events', csv));
    expect(problems[2]).toEqual([]);
    expect(problems[3]).toEqual([END_BEFORE_START_MESSAGE]);
    expect(problems[4]).toEqual(['Falta el lugar.']);
    expect(problems[5]![0]).toMatch(/^El inicio «mañana» no es una fecha válida/);
    expect(problems[6]).toEqual([unknownStaffMessage(foreign.username)]);
    expect(problems[7]).toEqual([OWN_COMPANY_ONLY_MESSAGE]);
    expect(await counts()).toEqual(before);
  });

  it('reports a double booking between two rows of the file (the rules of a single create, rolled back)', async () => {
    const before = await counts();
    const csv = [HEADER, `Turno A;Nave 1;2027-08-01 08:00;2027-08-01 16:00;${colleague.username};`, `Turno B;Nave 2;2027-08-01 12:00;2027-08-01 20:00;${colleague.username};`].join('\n');
    const problems = problemsByLine(await preview(world.supervisor.cookie, 'events', csv));
    expect(problems[2]).toEqual([]);
    expect(problems[3]).toHaveLength(1);
    expect(problems[3]![0]).toContain('Colega Casa');
    expect(await counts()).toEqual(before);
    const response = await upload(world.supervisor.cookie, '/api/imports/events', csv);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.message).toMatch(/^Fila 3: /);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file with one bad row, then imports the good file with its staff', async () => {
    const before = await counts();
    const good = `Feria;Recinto Ferial;2027-09-10 09:00;2027-09-10 14:00;${colleague.username}, ${world.employee.username};`;
    const refused = await upload(world.supervisor.cookie, '/api/imports/events', [HEADER, good, `Mala;;2027-09-11 09:00;2027-09-11 14:00;;`].join('\n'));
    expect(refused.statusCode).toBe(422);
    expect(await counts()).toEqual(before);

    const response = await upload(world.supervisor.cookie, '/api/imports/events', [HEADER, good, `Desfile;Calle Real;11/09/2027 18:00;11/09/2027 21:00;;`].join('\n'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ kind: 'events', created: 2, invited: 0 });
    const feria = await ctx.db.selectFrom('events').select(['id', 'company_id', 'start_time', 'location']).where('name', '=', 'Feria').executeTakeFirstOrThrow();
    expect(feria).toMatchObject({ company_id: world.home.id, start_time: '2027-09-10T07:00:00.000Z', location: 'Recinto Ferial' });
    const staff = await ctx.db.selectFrom('event_assignments').select('user_id').where('event_id', '=', feria.id).orderBy('user_id').execute();
    expect(staff.map((row) => row.user_id).sort()).toEqual([colleague.id, world.employee.id].sort());
    // The event's history (decision 052) says the staff came from an import.
    const history = await ctx.db.selectFrom('event_assignment_history').select(['user_id', 'change', 'source']).where('event_id', '=', feria.id).execute();
    expect(history.map((row) => [row.user_id, row.change, row.source]).sort()).toEqual(
      [
        [colleague.id, 'assigned', 'import'],
        [world.employee.id, 'assigned', 'import'],
      ].sort(),
    );
  });

  it('does not let a supervisor staff an event with another company’s people at import time', async () => {
    const before = await counts();
    const response = await upload(world.supervisor.cookie, '/api/imports/events', [HEADER, `Intruso;Plaza;2027-10-01 10:00;2027-10-01 12:00;${foreign.username};`].join('\n'));
    expect(response.statusCode).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('lets the administrator import events into a named company with its own people', async () => {
    const response = await upload(world.admin.cookie, '/api/imports/events', [HEADER, `Gala;Teatro;2027-10-02 19:00;2027-10-02 23:00;${foreign.username};${world.other.name}`].join('\n'));
    expect(response.statusCode, response.body).toBe(201);
    const gala = await ctx.db.selectFrom('events').select('company_id').where('name', '=', 'Gala').executeTakeFirstOrThrow();
    expect(gala.company_id).toBe(world.other.id);
  });
});
