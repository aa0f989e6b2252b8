import { describe, expect, it } from 'vitest';
import { DEFAULT_PAY_RULES, type PayRules } from '@jornada/shared/schemas/pay-rules';
import { signInAs } from '../../test/sign-in';
import { lastAction } from '../../test/last-action';
import { useTwoCompaniesWithCategories } from '../../test/worlds';
import { FOREIGN_CATEGORY_MESSAGE, getPayRulesOf } from './pay-rules.service';

/* Issue 26, item 2: 'Reglas de pago', a company's pay rules with per-category overrides. */

const { ctx, home, other, homeCategory, otherCategory, admin, supervisor, employee } = useTwoCompaniesWithCategories({ supervisorName: 'Marta López' });
const get = (cookie: string, companyId?: string) => ctx.request({ method: 'GET', url: `/api/pay-rules${companyId ? `?companyId=${companyId}` : ''}`, cookie });
const put = (cookie: string, payload: object) => ctx.request({ method: 'PUT', url: '/api/pay-rules', cookie, payload });

const rulesWith = (categoryId: string): PayRules => ({
  nightWindow: { start: '21:00', end: '07:00' },
  nightPlusPerHourCents: 150,
  holidayPlusPerHourCents: 225,
  sundaysAreHolidays: true,
  nightHoliday: 'higher',
  overtime: { kind: 'multiplier', factor: 1.75 },
  conceptCodes: { ordinary: 'A01', night: 'A10', holiday: 'A11', overtime: 'A20' },
  categories: [{ categoryId, nightPlusPerHourCents: 200, holidayPlusPerHourCents: null, overtime: { kind: 'perHour', cents: 350 }, monthlyPluses: [{ name: 'Plus de peligrosidad', cents: 12_050, code: 'P01' }] }],
});

describe('pay rules', () => {
  it('answers the defaults, with the company and its categories, until the company sets them', async () => {
    const response = await get(supervisor.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      companyId: home.id,
      companyName: home.name,
      rules: DEFAULT_PAY_RULES,
      categories: [{ id: homeCategory.id, name: 'Escolta', priceCents: null }],
      isDefault: true,
      updatedAt: null,
      updatedByName: null,
    });
    expect(await getPayRulesOf(ctx.db, home.id)).toEqual(DEFAULT_PAY_RULES);
  });

  it('saves the whole set, logs it, and reads it back (the route and getPayRulesOf); the other company keeps the defaults', async () => {
    const rules = rulesWith(homeCategory.id);
    const saved = await put(supervisor.cookie, rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ companyId: home.id, rules, isDefault: false, updatedAt: ctx.clock().toISOString(), updatedByName: 'Marta López' });
    expect((await get(supervisor.cookie)).json().rules).toEqual(rules);
    expect(await getPayRulesOf(ctx.db, home.id)).toEqual(rules);
    expect(await getPayRulesOf(ctx.db, other.id)).toEqual(DEFAULT_PAY_RULES);
    const entry = await lastAction(ctx, 'pay-rules.update');
    expect(entry).toMatchObject({ actor_id: supervisor.id, company_id: home.id });
    expect(entry.message).toContain(`Marta López ha cambiado las reglas de pago de «${home.name}»: nocturnidad 21:00–07:00 a 1,50 €/h`);
    expect(entry.message).toContain('festivos a 2,25 €/h (domingos incluidos)');
    expect(entry.message).toContain('horas extra: multiplicador 1,75');
    expect(entry.message).toContain('«Escolta»: nocturnidad 2,00 €/h, horas extra 3,50 € por hora, Plus de peligrosidad 120,50 €/mes');

    // The administrator names the company; a category's monthly plus without a code stays without one.
    const byAdmin = await put(admin.cookie, { ...DEFAULT_PAY_RULES, nightPlusPerHourCents: 90, categories: [{ categoryId: otherCategory.id, monthlyPluses: [{ name: 'Plus de transporte', cents: 5000 }] }], companyId: other.id });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await get(admin.cookie, other.id)).json().rules).toMatchObject({ nightPlusPerHourCents: 90, categories: [{ categoryId: otherCategory.id, monthlyPluses: [{ name: 'Plus de transporte', cents: 5000 }] }] });
    expect(await getPayRulesOf(ctx.db, home.id)).toEqual(rules);
  });

  it('refuses bad input with the schema’s Spanish message (400), changing nothing', async () => {
    const before = await getPayRulesOf(ctx.db, home.id);
    const base = rulesWith(homeCategory.id);
    for (const [payload, message] of [
      [{ ...base, nightPlusPerHourCents: 1.5 }, 'El importe debe ser un número de céntimos entero y no negativo.'],
      [{ ...base, holidayPlusPerHourCents: -1 }, 'El importe debe ser un número de céntimos entero y no negativo.'],
      [{ ...base, nightWindow: { start: '24:00', end: '06:00' } }, 'La hora debe tener el formato HH:mm.'],
      [{ ...base, overtime: { kind: 'multiplier', factor: 0.5 } }, 'El multiplicador debe ser 1 o más.'],
      [{ ...base, overtime: { kind: 'multiplier', factor: 5 } }, 'El multiplicador no puede pasar de 4.'],
      [{ ...base, categories: [{ categoryId: homeCategory.id, monthlyPluses: [{ name: ' ', cents: 100 }] }] }, 'El nombre del plus es obligatorio.'],
      [{ ...base, categories: [{ categoryId: homeCategory.id, monthlyPluses: [] }, { categoryId: homeCategory.id, monthlyPluses: [] }] }, 'Cada categoría solo puede tener una fila de reglas propias.'],
      [{ ...base, conceptCodes: { ...base.conceptCodes, night: ' ' } }, 'El código de concepto es obligatorio.'],
      [{ ...base, categories: [{ categoryId: homeCategory.id, monthlyPluses: [{ name: 'Plus', cents: 100, code: 'X'.repeat(21) }] }] }, 'El código del plus es demasiado largo'],
    ] as const) {
      const response = await put(supervisor.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect(await getPayRulesOf(ctx.db, home.id)).toEqual(before);
  });

  it("refuses a category of another company (422), for the supervisor and for the administrator", async () => {
    const before = await getPayRulesOf(ctx.db, home.id);
    const bySupervisor = await put(supervisor.cookie, rulesWith(otherCategory.id));
    expect(bySupervisor.statusCode).toBe(422);
    expect(bySupervisor.json().error.message).toBe(FOREIGN_CATEGORY_MESSAGE);
    const byAdmin = await put(admin.cookie, { ...rulesWith(otherCategory.id), companyId: home.id });
    expect(byAdmin.statusCode).toBe(422);
    expect(byAdmin.json().error.message).toBe('La categoría no es de esta empresa.');
    const unknown = await put(supervisor.cookie, rulesWith('no-such-category'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(FOREIGN_CATEGORY_MESSAGE);
    expect(await getPayRulesOf(ctx.db, home.id)).toEqual(before);
  });

  it('is for supervisors of the company and administrators: employees 403, another company 404 / 422, admin must pick one', async () => {
    expect((await get(employee.cookie)).statusCode).toBe(403);
    expect((await put(employee.cookie, rulesWith(homeCategory.id))).statusCode).toBe(403);
    expect((await get(supervisor.cookie, other.id)).statusCode).toBe(404);
    const foreign = await put(supervisor.cookie, { ...DEFAULT_PAY_RULES, companyId: other.id });
    expect(foreign.statusCode).toBe(422);
    const missing = await get(admin.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Selecciona una empresa.');
    expect((await get(admin.cookie, 'no-such-company')).statusCode).toBe(404);
    const anonymous = await ctx.request({ method: 'GET', url: '/api/pay-rules' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("closes with 'Pagos' when the company withdraws 'time-log' or 'view-employees' from supervisors", async () => {
    const company = await ctx.factories.company('Seguridad Oeste');
    const boss = await signInAs(ctx, 'Supervisor', company.id, { name: 'Sin Vistas' });
    const withdrawn = await ctx.request({ method: 'PUT', url: `/api/permissions/${company.id}`, cookie: admin.cookie, payload: { permissions: { 'role-supervisor': ['live'], 'role-employee': [] } } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await get(boss.cookie)).statusCode).toBe(403);
    expect((await put(boss.cookie, DEFAULT_PAY_RULES)).statusCode).toBe(403);
  });

  it('reads a stored row that no longer parses as the defaults, and reports it', async () => {
    const company = await ctx.factories.company('Datos Rotos');
    await ctx.db.insertInto('pay_rules').values({ company_id: company.id, rules: '{"nightPlusPerHourCents":"mucho"}', updated_at: ctx.clock().toISOString(), updated_by: null, updated_by_name: null }).execute();
    const warnings: string[] = [];
    expect(await getPayRulesOf(ctx.db, company.id, (message) => warnings.push(message))).toEqual(DEFAULT_PAY_RULES);
    await ctx.db.updateTable('pay_rules').set({ rules: 'not json' }).where('company_id', '=', company.id).execute();
    expect(await getPayRulesOf(ctx.db, company.id, (message) => warnings.push(message))).toEqual(DEFAULT_PAY_RULES);
    expect(warnings).toHaveLength(2);
    const response = await get(admin.cookie, company.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rules: DEFAULT_PAY_RULES, isDefault: true });
  });
});
