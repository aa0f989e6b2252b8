import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaterialWorld, type MaterialWorld } from './material.test-world';

let world: MaterialWorld;

beforeAll(async () => {
  world = await createMaterialWorld();
});
afterAll(() => world.ctx.close());

describe('who may manage material', () => {
  it('answers 401 to an anonymous caller on every material route', async () => {
    const { get, post, put, del } = world;
    for (const response of [
      await get('/api/material', undefined),
      await post('/api/material', undefined, { name: 'Polo', items: [{ size: 'M', quantity: 1 }] }),
      await post('/api/material/mat-x/items', undefined, { size: 'M', quantity: 1 }),
      await put('/api/material/mat-x/items/matitem-x', undefined, { quantity: 1 }),
      await del('/api/material/mat-x', undefined),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to an Empleado on every material route', async () => {
    const { get, post, put, del, employee } = world;
    const material = await world.createMaterial('Gorra', [{ size: 'Unica', quantity: 3 }]);
    const item = material.items[0]!;
    for (const response of [
      await get('/api/material', employee.cookie),
      await post('/api/material', employee.cookie, { name: 'Polo', items: [{ size: 'M', quantity: 1 }] }),
      await post(`/api/material/${material.id}/items`, employee.cookie, { size: 'M', quantity: 1 }),
      await put(`/api/material/${material.id}/items/${item.id}`, employee.cookie, { quantity: 1 }),
      await del(`/api/material/${material.id}`, employee.cookie),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' });
    }
    expect(await world.stock(material.id, 'Unica')).toBe(3);
  });
});

describe('POST /api/material', () => {
  it('adds a material with its sizes in the spec order, in the supervisor company, and logs it', async () => {
    const { post, supervisor, company } = world;
    const response = await post('/api/material', supervisor.cookie, {
      name: '  Polo  ',
      items: [
        { size: 'XL', quantity: 4 },
        { size: 'S', quantity: 2 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const material = response.json();
    expect(material.id).toMatch(/^mat-/);
    expect(material).toMatchObject({ name: 'Polo', companyId: company.id, companyName: 'Vigilancia Norte' });
    expect(material.items.map((item: { size: string; quantity: number }) => [item.size, item.quantity])).toEqual([
      ['S', 2],
      ['XL', 4],
    ]);
    expect(await world.logMessages(company.id)).toContain('Marta López ha añadido el material «Polo»');
  });

  it.each([
    [{ name: '   ', items: [{ size: 'M', quantity: 1 }] }, 'El nombre del material es obligatorio.'],
    [{ items: [{ size: 'M', quantity: 1 }] }, 'El nombre del material es obligatorio.'],
    [{ name: 'Polo', items: [] }, 'Añade al menos una talla.'],
    [{ name: 'Polo', items: [{ size: 'M', quantity: 0 }] }, 'La cantidad debe ser mayor que cero.'],
    [{ name: 'Polo', items: [{ size: 'M', quantity: -3 }] }, 'La cantidad debe ser mayor que cero.'],
    [{ name: 'Polo', items: [{ size: 'M', quantity: 1.5 }] }, 'La cantidad debe ser un número entero.'],
    [{ name: 'Polo', items: [{ size: 'XXXL', quantity: 1 }] }, 'Selecciona una talla.'],
    [{ name: 'Polo', items: [{ size: 'M', quantity: 1 }, { size: 'L', quantity: 1 }, { size: 'M', quantity: 2 }] }, 'La talla M ya está en el material.'],
  ])('refuses %j with 400 and the message «%s»', async (payload, message) => {
    const before = await world.ctx.db.selectFrom('materials').select('id').execute();
    const response = await world.post('/api/material', world.supervisor.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
    expect(await world.ctx.db.selectFrom('materials').select('id').execute()).toHaveLength(before.length);
  });

  it("refuses a supervisor's material for another company with 422", async () => {
    const response = await world.post('/api/material', world.supervisor.cookie, { name: 'Ajeno', items: [{ size: 'M', quantity: 1 }], companyId: world.otherCompany.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Solo puedes gestionar el material de tu empresa.');
  });

  it('lets the administrator add to the company chosen, and asks for one', async () => {
    const { post, admin, otherCompany } = world;
    const missing = await post('/api/material', admin.cookie, { name: 'Chaleco', items: [{ size: 'L', quantity: 1 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Selecciona la empresa.');
    const unknown = await post('/api/material', admin.cookie, { name: 'Chaleco', items: [{ size: 'L', quantity: 1 }], companyId: 'comp-no-existe' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe('La empresa seleccionada no existe.');
    const created = await post('/api/material', admin.cookie, { name: 'Chaleco', items: [{ size: 'L', quantity: 1 }], companyId: otherCompany.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ companyId: otherCompany.id, companyName: 'Seguridad Sur' });
  });
});

describe('GET /api/material', () => {
  it("lists only the supervisor company's materials, by name; the admin sees all or one company", async () => {
    const { get, supervisor, otherSupervisor, admin, company, otherCompany } = world;
    await world.createMaterial('Anorak', [{ size: 'M', quantity: 1 }]);
    await world.createMaterial('Zapatos', [{ size: 'L', quantity: 2 }], otherSupervisor.cookie);
    const own = (await get('/api/material', supervisor.cookie)).json();
    expect(own.truncated).toBe(false);
    const ownNames = own.items.map((material: { name: string }) => material.name);
    expect(ownNames).toContain('Anorak');
    expect(ownNames).not.toContain('Zapatos');
    expect(ownNames).toEqual([...ownNames].sort((a: string, b: string) => a.localeCompare(b)));
    expect(own.items.every((material: { companyId: string }) => material.companyId === company.id)).toBe(true);
    // A supervisor's company filter cannot widen the scope.
    const widened = (await get(`/api/material?companyId=${otherCompany.id}`, supervisor.cookie)).json();
    expect(widened.items.every((material: { companyId: string }) => material.companyId === company.id)).toBe(true);

    const all = (await get('/api/material', admin.cookie)).json().items.map((material: { name: string }) => material.name);
    expect(all).toEqual(expect.arrayContaining(['Anorak', 'Zapatos']));
    const south = (await get(`/api/material?companyId=${otherCompany.id}`, admin.cookie)).json().items;
    expect(south.map((material: { name: string }) => material.name)).toContain('Zapatos');
    expect(south.every((material: { companyId: string }) => material.companyId === otherCompany.id)).toBe(true);
  });
});

describe('stock of a material', () => {
  it('adds a new size with its units and logs it', async () => {
    const material = await world.createMaterial('Camisa', [{ size: 'M', quantity: 5 }]);
    const response = await world.post(`/api/material/${material.id}/items`, world.supervisor.cookie, { size: 'Xs', quantity: 3 });
    expect(response.statusCode).toBe(201);
    expect(response.json().items.map((item: { size: string; quantity: number }) => [item.size, item.quantity])).toEqual([
      ['Xs', 3],
      ['M', 5],
    ]);
    expect(await world.logMessages(world.company.id)).toContain('Marta López ha añadido 3 unidades de «Camisa» talla Xs');
  });

  it("says 'Talla duplicada' for a size the material already has, and 'Cantidad inválida' below 1", async () => {
    const material = await world.createMaterial('Pantalón', [{ size: 'L', quantity: 5 }]);
    const duplicate = await world.post(`/api/material/${material.id}/items`, world.supervisor.cookie, { size: 'L', quantity: 2 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({ code: 'DUPLICATE_SIZE', message: 'La talla L ya está en el material.' });
    for (const quantity of [0, -1]) {
      const invalid = await world.post(`/api/material/${material.id}/items`, world.supervisor.cookie, { size: 'S', quantity });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.message).toBe('La cantidad debe ser mayor que cero.');
    }
    expect(await world.stock(material.id, 'L')).toBe(5);
    expect(await world.stock(material.id, 'S')).toBeUndefined();
  });

  it('edits a size to any whole number from 0, and refuses a negative one', async () => {
    const material = await world.createMaterial('Guantes', [{ size: 'Unica', quantity: 8 }]);
    const item = material.items[0]!;
    const url = `/api/material/${material.id}/items/${item.id}`;
    const zero = await world.put(url, world.supervisor.cookie, { quantity: 0 });
    expect(zero.statusCode).toBe(200);
    expect(zero.json().items[0]).toEqual({ id: item.id, size: 'Unica', quantity: 0 });
    const twelve = await world.put(url, world.supervisor.cookie, { quantity: 12 });
    expect(twelve.json().items[0].quantity).toBe(12);
    const negative = await world.put(url, world.supervisor.cookie, { quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toBe('La cantidad no puede ser negativa.');
    expect(await world.stock(material.id, 'Unica')).toBe(12);
    expect(await world.logMessages(world.company.id)).toContain('Marta López ha actualizado el stock de «Guantes» talla Única a 12 unidades');
  });

  it("answers 404 for a size of another material", async () => {
    const first = await world.createMaterial('Botas', [{ size: 'M', quantity: 1 }]);
    const second = await world.createMaterial('Cinturón', [{ size: 'M', quantity: 1 }]);
    const response = await world.put(`/api/material/${first.id}/items/${second.items[0]!.id}`, world.supervisor.cookie, { quantity: 4 });
    expect(response.statusCode).toBe(404);
    expect(await world.stock(second.id, 'M')).toBe(1);
  });
});

describe('DELETE /api/material/:id', () => {
  it('deletes the material with its stock and logs it', async () => {
    const material = await world.createMaterial('Linterna', [{ size: 'Unica', quantity: 2 }]);
    const response = await world.del(`/api/material/${material.id}`, world.supervisor.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await world.stock(material.id, 'Unica')).toBeUndefined();
    const names = (await world.get('/api/material', world.supervisor.cookie)).json().items.map((item: { name: string }) => item.name);
    expect(names).not.toContain('Linterna');
    expect(await world.logMessages(world.company.id)).toContain('Marta López ha eliminado el material «Linterna»');
    expect((await world.del(`/api/material/${material.id}`, world.supervisor.cookie)).statusCode).toBe(404);
  });
});

describe("another company's material", () => {
  it('is not there (404) for every operation, and stays as it was', async () => {
    const { otherSupervisor, supervisor, post, put, del } = world;
    const foreign = await world.createMaterial('Casco', [{ size: 'M', quantity: 6 }], otherSupervisor.cookie);
    const responses = [
      await post(`/api/material/${foreign.id}/items`, supervisor.cookie, { size: 'L', quantity: 1 }),
      await put(`/api/material/${foreign.id}/items/${foreign.items[0]!.id}`, supervisor.cookie, { quantity: 0 }),
      await del(`/api/material/${foreign.id}`, supervisor.cookie),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'No se ha encontrado el material.' });
    }
    expect(await world.stock(foreign.id, 'M')).toBe(6);
    expect(await world.stock(foreign.id, 'L')).toBeUndefined();
  });
});
