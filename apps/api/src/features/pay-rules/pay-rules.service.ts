import type { Kysely } from 'kysely';
import { DEFAULT_PAY_RULES, PAY_CONCEPT_LABELS, payConceptKeys, payRulesSchema, type OvertimePayRule, type PayRules, type PayRulesView, type UpdatePayRulesRequest } from '@jornada/shared/schemas/pay-rules';
import type { DB } from '../../db/schema';
import type { Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, unprocessable } from '../../lib/errors';
import { resolveManagedCompany, resolveManagedCompanyToChange, type ManagedCompany } from '../../lib/managed-company';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import * as repository from './pay-rules.repository';

export const OTHER_COMPANY_PAY_RULES_MESSAGE = 'Solo puedes cambiar las reglas de pago de tu empresa.';
export const FOREIGN_CATEGORY_MESSAGE = 'La categoría no es de esta empresa.';
export const DUPLICATE_CATEGORY_MESSAGE = 'Cada categoría solo puede tener una fila de reglas propias.';

/** Where a row that no longer parses is reported (it reads as the defaults, never as a 500). */
type Warn = (message: string, details: Record<string, unknown>) => void;
const consoleWarn: Warn = (message, details) => console.warn(message, details);

function parseStored(text: string, companyId: string, warn: Warn): PayRules | null {
  try {
    const parsed = payRulesSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    warn('pay_rules: stored rules do not match the schema; the defaults apply', { companyId, issues: parsed.error.issues.slice(0, 5) });
  } catch (error) {
    warn('pay_rules: stored rules are not JSON; the defaults apply', { companyId, error: String(error) });
  }
  return null;
}

/** A company's pay rules (issue 26); the defaults (no pluses, overtime at the ordinary rate) until it sets them. */
export async function getPayRulesOf(db: Kysely<DB>, companyId: string, warn: Warn = consoleWarn): Promise<PayRules> {
  const row = await repository.findPayRulesRow(db, companyId);
  if (!row) return DEFAULT_PAY_RULES;
  return parseStored(row.rules, companyId, warn) ?? DEFAULT_PAY_RULES;
}

async function view(db: Kysely<DB>, company: ManagedCompany, warn: Warn): Promise<PayRulesView> {
  const [row, categories] = await Promise.all([repository.findPayRulesRow(db, company.id), repository.listCompanyCategories(db, company.id)]);
  const stored = row ? parseStored(row.rules, company.id, warn) : null;
  return {
    companyId: company.id,
    companyName: company.name,
    rules: stored ?? DEFAULT_PAY_RULES,
    categories: categories.map((category) => ({ id: category.id, name: category.name, priceCents: category.price_cents === null ? null : Number(category.price_cents) })),
    isDefault: stored === null,
    updatedAt: row?.updated_at ?? null,
    updatedByName: row?.updated_by_name ?? null,
  };
}

/** 'Reglas de pago': the company's rules, or the defaults while it has none. */
export async function readPayRules(deps: ServiceDeps, actor: Actor, companyId: string | undefined, warn: Warn = consoleWarn): Promise<PayRulesView> {
  const company = await resolveManagedCompany(deps.db, actor, companyId);
  return view(deps.db, company, warn);
}

const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;
const overtimeText = (overtime: OvertimePayRule) => (overtime.kind === 'multiplier' ? `multiplicador ${String(overtime.factor).replace('.', ',')}` : `${euros(overtime.cents)} por hora`);

/** The action log's summary of the new rules: what a payroll auditor asks first. */
function describe(rules: PayRules, categoryNames: Map<string, string>): string {
  const parts = [
    `nocturnidad ${rules.nightWindow.start}–${rules.nightWindow.end} a ${euros(rules.nightPlusPerHourCents)}/h`,
    `festivos a ${euros(rules.holidayPlusPerHourCents)}/h${rules.sundaysAreHolidays ? ' (domingos incluidos)' : ''}`,
    rules.nightHoliday === 'both' ? 'noche en festivo: ambos pluses' : 'noche en festivo: el mayor',
    `horas extra: ${overtimeText(rules.overtime)}`,
    `códigos ${payConceptKeys.map((key) => `${PAY_CONCEPT_LABELS[key]} ${rules.conceptCodes[key] ?? '—'}`).join(', ')}`,
  ];
  for (const override of rules.categories) {
    const changes = [
      override.nightPlusPerHourCents != null ? `nocturnidad ${euros(override.nightPlusPerHourCents)}/h` : null,
      override.holidayPlusPerHourCents != null ? `festivos ${euros(override.holidayPlusPerHourCents)}/h` : null,
      override.overtime ? `horas extra ${overtimeText(override.overtime)}` : null,
      ...override.monthlyPluses.map((plus) => `${plus.name} ${euros(plus.cents)}/mes`),
    ].filter((change): change is string => change !== null);
    parts.push(`«${categoryNames.get(override.categoryId) ?? override.categoryId}»: ${changes.length ? changes.join(', ') : 'sin cambios'}`);
  }
  return parts.join('; ');
}

/** 'Guardar reglas': the whole set replaces the company's; every category must be the company's. */
export async function updatePayRules(deps: ServiceDeps, actor: Actor, input: UpdatePayRulesRequest, warn: Warn = consoleWarn): Promise<PayRulesView> {
  const company = await resolveManagedCompanyToChange(deps.db, actor, input.companyId, OTHER_COMPANY_PAY_RULES_MESSAGE);
  const { companyId: _companyId, ...rest } = input;
  const rules = payRulesSchema.parse(rest);
  const categories = await repository.listCompanyCategories(deps.db, company.id);
  const names = new Map(categories.map((category) => [category.id, category.name]));
  const seen = new Set<string>();
  for (const override of rules.categories) {
    if (!names.has(override.categoryId)) throw unprocessable(FOREIGN_CATEGORY_MESSAGE);
    if (seen.has(override.categoryId)) throw badRequest(DUPLICATE_CATEGORY_MESSAGE);
    seen.add(override.categoryId);
  }
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await repository.upsertPayRules(trx, { companyId: company.id, rules: JSON.stringify(rules), at: now.toISOString(), actor });
    await appendActorAction(trx, actor, now, {
      companyId: company.id,
      kind: 'pay-rules.update',
      message: `${actor.name} ha cambiado las reglas de pago de «${company.name}»: ${describe(rules, names)}`,
    });
  });
  return view(deps.db, company, warn);
}
