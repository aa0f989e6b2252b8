import { describe, expect, it } from 'vitest';
import { lastAction } from '../../test/last-action';
import { useTwoCompanies } from '../../test/worlds';

const { ctx, home, other, admin, supervisor, employee } = useTwoCompanies({ ownInstantPerTest: true });

const create = (payload: object, cookie = admin.cookie) => ctx.request({ method: 'POST', url: '/api/categories', cookie, payload });

describe('GET /api/categories', () => {
  it('answers 401 when signed out', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/categories' })).statusCode).toBe(401);
  });

  it('lists every category to the administrator, seeds with their prices in euros', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/categories', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const byName = Object.fromEntries(response.json().map((category: { name: string; price: number | null }) => [category.name, category.price]));
    expect(byName).toMatchObject({ Vigilante: 22.5, Auxiliar: 18, 'Protección Civil': null });
  });

  it("shows others only their company's categories and only their company among its companies", async () => {
    const shared = await ctx.factories.category({ name: 'Compartida', companyIds: [home.id, other.id] });
    await ctx.factories.category({ name: 'Ajena', companyIds: [other.id] });
    for (const user of [supervisor, employee]) {
      const response = await ctx.request({ method: 'GET', url: '/api/categories', cookie: user.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ id: shared.id, name: 'Compartida', price: null, requiredDocs: [], companyIds: [home.id] }]);
    }
  });
});

describe('POST /api/categories', () => {
  it('creates a category with price, companies and required documents in order, and logs it', async () => {
    const response = await create({
      name: ' Escolta ',
      price: 24.75,
      companyIds: [home.id, home.id],
      requiredDocs: [
        { name: 'Licencia de armas', type: 'foto' },
        { id: 'doc-tip-escolta', name: 'Número TIP', type: 'escrito' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const category = response.json();
    expect(category).toMatchObject({ name: 'Escolta', price: 24.75, companyIds: [home.id] });
    expect(category.id).toMatch(/^cat-/);
    expect(category.requiredDocs).toEqual([
      { id: expect.stringMatching(/^doc-/), name: 'Licencia de armas', type: 'foto' },
      { id: 'doc-tip-escolta', name: 'Número TIP', type: 'escrito' },
    ]);
    const stored = await ctx.db.selectFrom('categories').select('price_cents').where('id', '=', category.id).executeTakeFirstOrThrow();
    expect(stored.price_cents).toBe(2475);
    expect(await lastAction(ctx, 'category.create')).toMatchObject({ kind: 'category.create', actor_id: admin.id, message: 'Ana Admin ha creado la categoría «Escolta»' });
  });

  it("takes a blank price as 'Por Convenio' (null)", async () => {
    expect((await create({ name: 'Sin precio' })).json().price).toBeNull();
    expect((await create({ name: 'Precio nulo', price: null })).json().price).toBeNull();
  });

  it('validates every field with a Spanish message', async () => {
    const cases: [object, string][] = [
      [{ name: '  ' }, 'El nombre de la categoría es obligatorio.'],
      [{ name: 'X', price: 1.234 }, 'El precio admite como máximo 2 decimales.'],
      [{ name: 'X', price: -1 }, 'El precio no puede ser negativo.'],
      [{ name: 'X', price: 'abc' }, 'El precio debe ser un número.'],
      [{ name: 'X', requiredDocs: [{ name: 'DNI', type: 'pdf' }] }, "El tipo de documento debe ser 'escrito' o 'foto'."],
      [{ name: 'X', requiredDocs: [{ name: ' ', type: 'foto' }] }, 'El nombre del documento es obligatorio.'],
      [
        { name: 'X', requiredDocs: [{ id: 'doc-a', name: 'A', type: 'foto' }, { id: 'doc-a', name: 'B', type: 'escrito' }] },
        'Los documentos requeridos tienen identificadores repetidos.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION_ERROR', message });
    }
  });

  it('refuses an unknown company and a document id of another category with 422', async () => {
    const unknownCompany = await create({ name: 'X', companyIds: ['comp-nada'] });
    expect(unknownCompany.statusCode).toBe(422);
    expect(unknownCompany.json().error.message).toBe('Alguna de las empresas indicadas no existe.');
    const stolen = await create({ name: 'X', requiredDocs: [{ id: 'doc-tip-escolta', name: 'Copia', type: 'escrito' }] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error.message).toBe('El documento «Copia» pertenece a otra categoría.');
  });

  it('is for administrators only', async () => {
    for (const user of [supervisor, employee]) expect((await create({ name: 'X' }, user.cookie)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/categories', payload: { name: 'X' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/categories/:id', () => {
  it('replaces details, companies and documents; users of a company that loses it lose it', async () => {
    const created = (
      await create({
        name: 'Portero',
        price: 15,
        companyIds: [home.id, other.id],
        requiredDocs: [
          { name: 'DNI', type: 'foto' },
          { name: 'Curso', type: 'escrito' },
        ],
      })
    ).json();
    const [dni, curso] = created.requiredDocs;
    const inOther = await ctx.factories.user({ role: 'Empleado', companyId: other.id, categoryIds: [created.id] });
    const inHome = await ctx.factories.user({ role: 'Empleado', companyId: home.id, categoryIds: [created.id] });

    const response = await ctx.request({
      method: 'PUT',
      url: `/api/categories/${created.id}`,
      cookie: admin.cookie,
      payload: { name: 'Portero de discoteca', price: null, companyIds: [home.id], requiredDocs: [{ ...curso, name: 'Curso oficial' }, { name: 'Foto carné', type: 'foto' }] },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ id: created.id, name: 'Portero de discoteca', price: null, companyIds: [home.id] });
    expect(updated.requiredDocs.map((doc: { id: string; name: string }) => [doc.id === curso.id, doc.name])).toEqual([
      [true, 'Curso oficial'],
      [false, 'Foto carné'],
    ]);
    expect(await ctx.db.selectFrom('category_documents').select('id').where('id', '=', dni.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('user_categories').select('user_id').where('category_id', '=', created.id).execute()).toEqual([{ user_id: inHome.id }]);
    expect(await ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', inOther.id).execute()).toHaveLength(0);
    expect((await lastAction(ctx, 'category.update')).message).toBe('Ana Admin ha actualizado la categoría «Portero»');
  });

  it('answers 404 for a missing category and 403 to non-administrators', async () => {
    const missing = await ctx.request({ method: 'PUT', url: '/api/categories/cat-nada', cookie: admin.cookie, payload: { name: 'X' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Categoría no encontrada.');
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'PUT', url: '/api/categories/cat-vigilante', cookie: user.cookie, payload: { name: 'X' } })).statusCode).toBe(403);
    }
  });
});

describe('DELETE /api/categories/:id', () => {
  it('removes the category from companies and users, with its documents, and logs it', async () => {
    const category = (await create({ name: 'Temporal', companyIds: [home.id], requiredDocs: [{ name: 'DNI', type: 'foto' }] })).json();
    const user = await ctx.factories.user({ role: 'Empleado', companyId: home.id, categoryIds: [category.id] });
    const response = await ctx.request({ method: 'DELETE', url: `/api/categories/${category.id}`, cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('categories').select('id').where('id', '=', category.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('company_categories').select('company_id').where('category_id', '=', category.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('user_categories').select('category_id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(await ctx.db.selectFrom('category_documents').select('id').where('category_id', '=', category.id).execute()).toHaveLength(0);
    expect((await lastAction(ctx, 'category.delete')).message).toBe('Ana Admin ha eliminado la categoría «Temporal»');
  });

  it('answers 404 for a missing category and 403 to non-administrators', async () => {
    expect((await ctx.request({ method: 'DELETE', url: '/api/categories/cat-nada', cookie: admin.cookie })).statusCode).toBe(404);
    for (const user of [supervisor, employee]) {
      expect((await ctx.request({ method: 'DELETE', url: '/api/categories/cat-vigilante', cookie: user.cookie })).statusCode).toBe(403);
    }
  });
});
