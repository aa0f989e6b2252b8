import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Material, MaterialLoan } from '@jornada/shared/schemas/material';
import { createMaterialWorld, PNG_SIGNATURE, type MaterialWorld } from './material.test-world';

let world: MaterialWorld;
let polo: Material;
let chaleco: Material;

beforeAll(async () => {
  world = await createMaterialWorld();
  polo = await world.createMaterial('Polo', [
    { size: 'M', quantity: 10 },
    { size: 'L', quantity: 5 },
  ]);
  chaleco = await world.createMaterial('Chaleco', [{ size: 'Unica', quantity: 3 }]);
});
afterAll(() => world.ctx.close());

const loanUrl = '/api/material-loans';

describe('who may lend', () => {
  it('answers 401 to an anonymous caller and 403 to an Empleado on every lending route', async () => {
    const { get, post, employee } = world;
    const body = { employeeId: world.employee.id, items: [{ materialId: polo.id, size: 'M', quantity: 1 }] };
    for (const cookie of [undefined, employee.cookie]) {
      const responses = [
        await get(loanUrl, cookie),
        await get(`${loanUrl}/employees`, cookie),
        await post(loanUrl, cookie, body),
        await post(`${loanUrl}/loan-x/return-request`, cookie, {}),
      ];
      for (const response of responses) expect(response.statusCode).toBe(cookie ? 403 : 401);
    }
    expect(await world.stock(polo.id, 'M')).toBe(10);
  });
});

describe('GET /api/material-loans/employees', () => {
  it("lists only the company's Empleado users with access, by name (never a Supervisor)", async () => {
    const { ctx, company, get, supervisor } = world;
    await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Zoe Baja', disabled: true });
    const response = await get(`${loanUrl}/employees`, supervisor.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().employees).toEqual([
      { id: world.colleague.id, name: 'Ana Ruiz' },
      { id: world.employee.id, name: 'Juan Pérez' },
    ]);
  });

  it('asks the administrator for the company and lists that one', async () => {
    const missing = await world.get(`${loanUrl}/employees`, world.admin.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Selecciona la empresa.');
    const south = await world.get(`${loanUrl}/employees?companyId=${world.otherCompany.id}`, world.admin.cookie);
    expect(south.json().employees).toEqual([{ id: world.outsider.id, name: 'Pedro Sur' }]);
  });
});

describe('POST /api/material-loans', () => {
  it("lends two items: 'Pendiente de confirmación', the stock taken, the names kept, logged", async () => {
    const { post, supervisor, employee, company } = world;
    const response = await post(loanUrl, supervisor.cookie, {
      employeeId: employee.id,
      items: [
        { materialId: polo.id, size: 'M', quantity: 2 },
        { materialId: chaleco.id, size: 'Unica', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const loan: MaterialLoan = response.json();
    expect(loan.id).toMatch(/^loan-/);
    expect(loan).toMatchObject({
      employeeId: employee.id,
      employeeName: 'Juan Pérez',
      supervisorId: supervisor.id,
      supervisorName: 'Marta López',
      companyId: company.id,
      status: 'Pendiente de confirmación',
      loanDate: '2026-11-21T10:00:00.000Z',
      confirmationDate: null,
      returnRequestDate: null,
      returnDate: null,
      signed: false,
      lentItems: [
        { materialId: polo.id, materialName: 'Polo', size: 'M', quantity: 2 },
        { materialId: chaleco.id, materialName: 'Chaleco', size: 'Unica', quantity: 1 },
      ],
    });
    expect(await world.stock(polo.id, 'M')).toBe(8);
    expect(await world.stock(chaleco.id, 'Unica')).toBe(2);
    expect(await world.logMessages(company.id)).toContain('Marta López ha prestado material a Juan Pérez: 2 × Polo (M), 1 × Chaleco (Única)');
  });

  it.each([
    [{ items: [] }, 'Debes seleccionar un empleado.'],
    [{ employeeId: '', items: [{ materialId: 'x', size: 'M', quantity: 1 }] }, 'Debes seleccionar un empleado.'],
    [{ employeeId: 'E' }, 'Debes añadir al menos un artículo para prestar.'],
    [{ employeeId: 'E', items: [] }, 'Debes añadir al menos un artículo para prestar.'],
    [{ employeeId: 'E', items: [{ materialId: 'P', size: 'M', quantity: 1 }, { materialId: 'P', size: '', quantity: 1 }] }, 'El artículo "2" está incompleto.'],
    [{ employeeId: 'E', items: [{ materialId: '', size: 'M', quantity: 1 }] }, 'El artículo "1" está incompleto.'],
    [{ employeeId: 'E', items: [{ materialId: 'P', size: 'M', quantity: 0 }] }, 'El artículo "1" está incompleto.'],
    [{ employeeId: 'E', items: [{ materialId: 'P', size: 'M', quantity: null }] }, 'El artículo "1" está incompleto.'],
  ])('refuses %j with 400 and «%s»', async (payload, message) => {
    const body = JSON.parse(JSON.stringify(payload).replaceAll('"E"', `"${world.employee.id}"`).replaceAll('"P"', `"${polo.id}"`));
    const response = await world.post(loanUrl, world.supervisor.cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
  });

  it("says 'No hay suficiente stock para … talla …' and takes nothing, even from the lines that fitted", async () => {
    const before = { m: await world.stock(polo.id, 'M'), l: await world.stock(polo.id, 'L') };
    const response = await world.post(loanUrl, world.supervisor.cookie, {
      employeeId: world.employee.id,
      items: [
        { materialId: polo.id, size: 'M', quantity: 1 },
        { materialId: polo.id, size: 'L', quantity: 6 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'INSUFFICIENT_STOCK', message: 'No hay suficiente stock para Polo talla L.' });
    expect({ m: await world.stock(polo.id, 'M'), l: await world.stock(polo.id, 'L') }).toEqual(before);
  });

  it('counts two lines of the same size together, and a size the material lacks as no stock', async () => {
    const l = (await world.stock(polo.id, 'L'))!;
    const summed = await world.post(loanUrl, world.supervisor.cookie, {
      employeeId: world.employee.id,
      items: [
        { materialId: polo.id, size: 'L', quantity: l },
        { materialId: polo.id, size: 'L', quantity: 1 },
      ],
    });
    expect(summed.statusCode).toBe(409);
    expect(summed.json().error.message).toBe('No hay suficiente stock para Polo talla L.');
    const missingSize = await world.post(loanUrl, world.supervisor.cookie, { employeeId: world.employee.id, items: [{ materialId: polo.id, size: 'XXL', quantity: 1 }] });
    expect(missingSize.statusCode).toBe(409);
    expect(missingSize.json().error.message).toBe('No hay suficiente stock para Polo talla XXL.');
    expect(await world.stock(polo.id, 'L')).toBe(l);
  });

  it("refuses a Supervisor, a disabled employee and another company's employee with 422", async () => {
    const disabled = await world.ctx.factories.user({ role: 'Empleado', companyId: world.company.id, disabled: true });
    for (const employeeId of [world.supervisorColleague.id, world.supervisor.id, disabled.id, world.outsider.id, 'user-que-no-existe']) {
      const response = await world.post(loanUrl, world.supervisor.cookie, { employeeId, items: [{ materialId: polo.id, size: 'M', quantity: 1 }] });
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toEqual({ code: 'UNPROCESSABLE', message: 'Solo se puede prestar material a los empleados de la empresa.' });
    }
  });

  it("refuses another company's material with 422 and leaves its stock alone", async () => {
    const foreign = await world.createMaterial('Casco Sur', [{ size: 'M', quantity: 4 }], world.otherSupervisor.cookie);
    const response = await world.post(loanUrl, world.supervisor.cookie, { employeeId: world.employee.id, items: [{ materialId: foreign.id, size: 'M', quantity: 1 }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('El material seleccionado no existe en la empresa.');
    expect(await world.stock(foreign.id, 'M')).toBe(4);
  });

  it("lets the administrator lend within the employee's company only", async () => {
    const foreign = await world.createMaterial('Radio', [{ size: 'Unica', quantity: 2 }], world.admin.cookie, world.otherCompany.id);
    const loan = await world.lend(world.outsider.id, [{ materialId: foreign.id, size: 'Unica', quantity: 1 }], world.admin.cookie);
    expect(loan).toMatchObject({ companyId: world.otherCompany.id, companyName: 'Seguridad Sur', supervisorName: 'Ana Admin' });
    const mixed = await world.post(loanUrl, world.admin.cookie, { employeeId: world.employee.id, items: [{ materialId: foreign.id, size: 'Unica', quantity: 1 }] });
    expect(mixed.statusCode).toBe(422);
    expect(await world.stock(foreign.id, 'Unica')).toBe(1);
  });
});

describe('GET /api/material-loans', () => {
  it('filters Todos, Pendientes and Confirmados, newest first, and pages with a cursor', async () => {
    const { ctx, get, post, supervisor, colleague } = world;
    const gorra = await world.createMaterial('Gorra', [{ size: 'Unica', quantity: 20 }]);
    ctx.clock.advance(60_000);
    const pending = await world.lend(colleague.id, [{ materialId: gorra.id, size: 'Unica', quantity: 1 }]);
    ctx.clock.advance(60_000);
    const confirmed = await world.lend(colleague.id, [{ materialId: gorra.id, size: 'Unica', quantity: 2 }]);
    expect((await post(`${loanUrl}/${confirmed.id}/confirm`, colleague.cookie, { signature: PNG_SIGNATURE })).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    const denied = await world.lend(colleague.id, [{ materialId: gorra.id, size: 'Unica', quantity: 3 }]);
    expect((await post(`${loanUrl}/${denied.id}/deny`, colleague.cookie, {})).statusCode).toBe(200);

    const ids = async (filter: string) => (await get(`${loanUrl}?filter=${filter}`, supervisor.cookie)).json().items.map((loan: MaterialLoan) => loan.id);
    const all = await ids('all');
    expect(all.slice(0, 3)).toEqual([denied.id, confirmed.id, pending.id]);
    expect(await ids('pending')).toContain(pending.id);
    expect(await ids('pending')).not.toContain(confirmed.id);
    expect(await ids('confirmed')).toEqual([confirmed.id]);
    expect((await get(loanUrl, supervisor.cookie)).json().items.map((loan: MaterialLoan) => loan.id)).toEqual(all);

    const first = (await get(`${loanUrl}?limit=2`, supervisor.cookie)).json();
    expect(first.items.map((loan: MaterialLoan) => loan.id)).toEqual(all.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(`${loanUrl}?limit=2&cursor=${first.nextCursor}`, supervisor.cookie)).json();
    expect(second.items.map((loan: MaterialLoan) => loan.id)).toEqual(all.slice(2, 4));
    expect((await get(`${loanUrl}?cursor=nope`, supervisor.cookie)).statusCode).toBe(400);
    expect((await get(`${loanUrl}?filter=devueltos`, supervisor.cookie)).statusCode).toBe(400);
  });

  it("shows a supervisor only their company's loans; the admin all of them, or one company", async () => {
    const own = (await world.get(loanUrl, world.supervisor.cookie)).json().items as MaterialLoan[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((loan) => loan.companyId === world.company.id)).toBe(true);
    const south = (await world.get(loanUrl, world.otherSupervisor.cookie)).json().items as MaterialLoan[];
    expect(south.every((loan) => loan.companyId === world.otherCompany.id)).toBe(true);
    const all = (await world.get(loanUrl, world.admin.cookie)).json().items as MaterialLoan[];
    expect(new Set(all.map((loan) => loan.companyId))).toEqual(new Set([world.company.id, world.otherCompany.id]));
    const filtered = (await world.get(`${loanUrl}?companyId=${world.otherCompany.id}`, world.admin.cookie)).json().items as MaterialLoan[];
    expect(filtered.map((loan) => loan.id)).toEqual(south.map((loan) => loan.id));
  });
});

describe('POST /api/material-loans/:id/return-request', () => {
  it("turns a confirmed loan into 'Pendiente de devolución' with its date, once", async () => {
    const { ctx, post, supervisor, employee } = world;
    const loan = await world.lend(employee.id, [{ materialId: chaleco.id, size: 'Unica', quantity: 1 }]);
    const early = await post(`${loanUrl}/${loan.id}/return-request`, supervisor.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'LOAN_STATUS_CONFLICT', message: 'Solo se puede solicitar la devolución de material confirmado.' });
    await post(`${loanUrl}/${loan.id}/confirm`, employee.cookie, { signature: PNG_SIGNATURE });
    ctx.clock.advance(3_600_000);
    const response = await post(`${loanUrl}/${loan.id}/return-request`, supervisor.cookie, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Pendiente de devolución', returnRequestDate: ctx.clock().toISOString(), returnDate: null });
    expect((await post(`${loanUrl}/${loan.id}/return-request`, supervisor.cookie, {})).statusCode).toBe(409);
    expect(await world.logMessages(world.company.id)).toContain('Marta López ha solicitado a Juan Pérez la devolución de 1 × Chaleco (Única)');
  });

  it("answers 404 for another company's loan and changes nothing", async () => {
    const radio = await world.createMaterial('Walkie', [{ size: 'Unica', quantity: 1 }], world.otherSupervisor.cookie);
    const foreign = await world.lend(world.outsider.id, [{ materialId: radio.id, size: 'Unica', quantity: 1 }], world.otherSupervisor.cookie);
    await world.post(`${loanUrl}/${foreign.id}/confirm`, world.outsider.cookie, { signature: PNG_SIGNATURE });
    const response = await world.post(`${loanUrl}/${foreign.id}/return-request`, world.supervisor.cookie, {});
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'No se ha encontrado el préstamo.' });
    expect(await world.loanStatus(foreign.id)).toBe('Confirmado');
  });
});

describe('deleting the company', () => {
  it('takes its materials and loans with it, in the one cascade', async () => {
    const { ctx, admin } = world;
    const doomed = await ctx.factories.company('Efímera');
    const boss = await ctx.factories.user({ role: 'Supervisor', companyId: doomed.id });
    const worker = await ctx.factories.user({ role: 'Empleado', companyId: doomed.id });
    const bossCookie = await ctx.login(boss.username, boss.password);
    const material = await world.createMaterial('Linterna', [{ size: 'Unica', quantity: 2 }], bossCookie);
    const loan = await world.lend(worker.id, [{ materialId: material.id, size: 'Unica', quantity: 1 }], bossCookie);
    const response = await ctx.request({ method: 'DELETE', url: `/api/companies/${doomed.id}`, cookie: admin.cookie, payload: { confirmName: 'Efímera' } });
    expect(response.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('materials').select('id').where('id', '=', material.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('material_items').select('id').where('material_id', '=', material.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('material_loans').select('id').where('id', '=', loan.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('material_loan_items').select('loan_id').where('loan_id', '=', loan.id).execute()).toEqual([]);
  });
});
