import { PAY_CONCEPT_LABELS, payConceptKeys, payRulesSchema, type CategoryPayOverride, type PayConceptKey, type PayRules, type PayRulesView } from '@jornada/shared/schemas/pay-rules';
import { centsToEurosText, factorText, parseEurosToCents, parseFactor } from '../lib/euros';

/** The screen's fields as typed (euros as text, '' for "the company's" in a category). */
export interface OvertimeFields {
  kind: '' | 'multiplier' | 'perHour';
  factor: string;
  amount: string;
}
export interface PlusFields {
  key: number;
  name: string;
  amount: string;
  code: string;
}
export interface CategoryFields {
  categoryId: string;
  name: string;
  nightPlus: string;
  holidayPlus: string;
  overtime: OvertimeFields;
  pluses: PlusFields[];
}
export interface PayRulesFields {
  nightStart: string;
  nightEnd: string;
  nightPlus: string;
  holidayPlus: string;
  sundaysAreHolidays: boolean;
  nightHoliday: 'both' | 'higher';
  overtime: OvertimeFields;
  codes: Record<PayConceptKey, string>;
  categories: CategoryFields[];
}

let plusKey = 0;
export const newPlus = (): PlusFields => ({ key: ++plusKey, name: '', amount: '', code: '' });

function overtimeFields(overtime: PayRules['overtime'] | null | undefined): OvertimeFields {
  if (!overtime) return { kind: '', factor: '', amount: '' };
  return overtime.kind === 'multiplier' ? { kind: 'multiplier', factor: factorText(overtime.factor), amount: '' } : { kind: 'perHour', factor: '', amount: centsToEurosText(overtime.cents) };
}

const optionalCents = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : centsToEurosText(cents));

export function fieldsOf(view: PayRulesView): PayRulesFields {
  const { rules } = view;
  return {
    nightStart: rules.nightWindow.start,
    nightEnd: rules.nightWindow.end,
    nightPlus: centsToEurosText(rules.nightPlusPerHourCents),
    holidayPlus: centsToEurosText(rules.holidayPlusPerHourCents),
    sundaysAreHolidays: rules.sundaysAreHolidays,
    nightHoliday: rules.nightHoliday,
    overtime: overtimeFields(rules.overtime),
    codes: Object.fromEntries(payConceptKeys.map((key) => [key, rules.conceptCodes[key] ?? ''])) as Record<PayConceptKey, string>,
    // Every category of the company gets its row; one without overrides stays empty.
    categories: view.categories.map((category) => {
      const override = rules.categories.find((candidate) => candidate.categoryId === category.id);
      return {
        categoryId: category.id,
        name: category.name,
        nightPlus: optionalCents(override?.nightPlusPerHourCents),
        holidayPlus: optionalCents(override?.holidayPlusPerHourCents),
        overtime: overtimeFields(override?.overtime),
        pluses: (override?.monthlyPluses ?? []).map((plus) => ({ ...newPlus(), name: plus.name, amount: centsToEurosText(plus.cents), code: plus.code ?? '' })),
      };
    }),
  };
}

/** The first problem of a form, keyed by the field's id. */
export type FieldErrors = Record<string, string>;

const AMOUNT_MESSAGE = 'Escribe un importe en euros, por ejemplo 12,50.';
const FACTOR_MESSAGE = 'Escribe el multiplicador con coma, por ejemplo 1,75.';

/** The PayRules the fields describe, or the errors to show beside them (the shared schema's messages). */
export function rulesOf(fields: PayRulesFields): { rules: PayRules } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const cents = (id: string, text: string, optional: boolean): number | null => {
    if (optional && text.trim() === '') return null;
    const value = parseEurosToCents(text);
    if (value === null) errors[id] = AMOUNT_MESSAGE;
    return value;
  };
  const overtime = (id: string, input: OvertimeFields): PayRules['overtime'] | null => {
    if (input.kind === '') return null;
    if (input.kind === 'perHour') return { kind: 'perHour', cents: cents(`${id}-amount`, input.amount, false) ?? 0 };
    const factor = parseFactor(input.factor);
    if (factor === null) errors[`${id}-factor`] = FACTOR_MESSAGE;
    return { kind: 'multiplier', factor: factor ?? 1 };
  };

  const categories: CategoryPayOverride[] = [];
  fields.categories.forEach((category, index) => {
    const id = `category-${index}`;
    const override: CategoryPayOverride = {
      categoryId: category.categoryId,
      nightPlusPerHourCents: cents(`${id}-night`, category.nightPlus, true),
      holidayPlusPerHourCents: cents(`${id}-holiday`, category.holidayPlus, true),
      overtime: overtime(`${id}-overtime`, category.overtime),
      monthlyPluses: category.pluses.map((plus, plusIndex) => ({
        name: plus.name,
        cents: cents(`${id}-plus-${plusIndex}-amount`, plus.amount, false) ?? 0,
        ...(plus.code.trim() ? { code: plus.code } : {}),
      })),
    };
    const empty = override.nightPlusPerHourCents === null && override.holidayPlusPerHourCents === null && override.overtime === null && override.monthlyPluses.length === 0;
    if (!empty) categories.push(override);
  });

  const candidate = {
    nightWindow: { start: fields.nightStart, end: fields.nightEnd },
    nightPlusPerHourCents: cents('night-plus', fields.nightPlus, false) ?? 0,
    holidayPlusPerHourCents: cents('holiday-plus', fields.holidayPlus, false) ?? 0,
    sundaysAreHolidays: fields.sundaysAreHolidays,
    nightHoliday: fields.nightHoliday,
    overtime: overtime('overtime', fields.overtime.kind === '' ? { ...fields.overtime, kind: 'multiplier' } : fields.overtime) ?? { kind: 'multiplier' as const, factor: 1 },
    conceptCodes: fields.codes,
    categories,
  };
  const parsed = payRulesSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const id = issueField(issue.path, fields);
      errors[id] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors: Object.keys(errors).length > 0 ? errors : { form: 'Revisa los datos.' } };
  return { rules: parsed.data };
}

/** The field id a schema issue belongs to, so its message shows beside that input. */
function issueField(path: PropertyKey[], fields: PayRulesFields): string {
  const [head, ...rest] = path.map(String);
  if (head === 'nightWindow') return rest[0] === 'start' ? 'night-start' : 'night-end';
  if (head === 'conceptCodes') return `code-${rest[0]}`;
  if (head === 'overtime') return rest[0] === 'factor' ? 'overtime-factor' : 'overtime-amount';
  if (head === 'categories' && rest[0] !== undefined) {
    // The schema sees only the categories with overrides: find the row by its id.
    const sent = fields.categories.filter((category) => category.nightPlus || category.holidayPlus || category.overtime.kind || category.pluses.length);
    const categoryId = sent[Number(rest[0])]?.categoryId;
    const index = fields.categories.findIndex((category) => category.categoryId === categoryId);
    const id = `category-${index}`;
    if (rest[1] === 'monthlyPluses' && rest[2] !== undefined) return `${id}-plus-${rest[2]}-${rest[3] === 'code' ? 'code' : rest[3] === 'cents' ? 'amount' : 'name'}`;
    if (rest[1] === 'overtime') return `${id}-overtime-${rest[2] === 'factor' ? 'factor' : 'amount'}`;
    return rest[1] === 'holidayPlusPerHourCents' ? `${id}-holiday` : `${id}-night`;
  }
  if (head === 'holidayPlusPerHourCents') return 'holiday-plus';
  return head === 'nightPlusPerHourCents' ? 'night-plus' : 'form';
}

export { PAY_CONCEPT_LABELS, payConceptKeys };
