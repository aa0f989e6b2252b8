import type { Kysely } from 'kysely';
import { nationalHolidays, NATIONAL_HOLIDAY_YEARS } from '@jornada/shared/payroll/national-holidays';
import {
  DUPLICATE_HOLIDAY_MESSAGE,
  HOLIDAY_KIND_LABELS,
  type CreateHolidayRequest,
  type ExcludeNationalHolidayRequest,
  type Holiday,
  type HolidayYear,
} from '@jornada/shared/schemas/holidays';
import type { DB } from '../../db/schema';
import { findCompanyName } from '../../db/tenant-lookups';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { resolveManagedCompany, resolveManagedCompanyToChange } from '../../lib/managed-company';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import * as repository from './holidays.repository';

export interface HolidayDeps {
  db: Kysely<DB>;
  clock: Clock;
}

export const HOLIDAY_NOT_FOUND_MESSAGE = 'No se ha encontrado el festivo.';
export const NOT_NATIONAL_MESSAGE = 'Ese día no es festivo nacional.';
export const OTHER_COMPANY_HOLIDAYS_MESSAGE = 'Solo puedes cambiar el calendario laboral de tu empresa.';

/**
 * The local dates ('YYYY-MM-DD', inclusive range) that are holidays for a company: Spain's national
 * ones minus those its community moved or replaced, plus its community's and local ones.
 */
export async function holidayDatesBetween(db: Kysely<DB>, companyId: string, from: string, to: string): Promise<Set<string>> {
  const dates = new Set<string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const holiday of nationalHolidays(year)) if (holiday.date >= from && holiday.date <= to) dates.add(holiday.date);
  }
  for (const date of await repository.listExcludedDates(db, companyId, from, to)) dates.delete(date);
  for (const holiday of await repository.listCompanyHolidays(db, companyId, from, to)) dates.add(holiday.date);
  return dates;
}

export async function getHolidayYear(deps: HolidayDeps, actor: Actor, year: number, companyId: string | undefined): Promise<HolidayYear> {
  const company = await resolveManagedCompany(deps.db, actor, companyId);
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const excluded = new Set(await repository.listExcludedDates(deps.db, company.id, from, to));
  const holidays: Holiday[] = nationalHolidays(year).map((holiday) => ({
    id: null,
    date: holiday.date,
    name: holiday.name,
    kind: 'nacional',
    excluded: excluded.has(holiday.date),
    sunday: holiday.sunday === true,
  }));
  for (const row of await repository.listCompanyHolidays(deps.db, company.id, from, to)) {
    holidays.push({ id: row.id, date: row.date, name: row.name, kind: row.kind, excluded: false, sunday: false });
  }
  holidays.sort((a, b) => a.date.localeCompare(b.date) || (a.kind === 'nacional' ? -1 : 1));
  return { companyId: company.id, companyName: company.name, year, hasNationalData: NATIONAL_HOLIDAY_YEARS.includes(year), holidays };
}

function isNationalDate(date: string): boolean {
  return nationalHolidays(Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

export async function addHoliday(deps: HolidayDeps, actor: Actor, input: CreateHolidayRequest): Promise<Holiday> {
  const company = await resolveManagedCompanyToChange(deps.db, actor, input.companyId, OTHER_COMPANY_HOLIDAYS_MESSAGE);
  // A national date that still counts is already a holiday; one the company dropped may get its own.
  if ((isNationalDate(input.date) && !(await repository.isExcluded(deps.db, company.id, input.date))) || (await repository.findHolidayOn(deps.db, company.id, input.date))) {
    throw conflict(DUPLICATE_HOLIDAY_MESSAGE);
  }
  const now = deps.clock();
  const id = newId('hol');
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repository.insertHoliday(trx, { id, companyId: company.id, date: input.date, name: input.name, kind: input.kind, at: now.toISOString(), by: actor.userId });
      await appendActorAction(trx, actor, now, {
        companyId: company.id,
        kind: 'holidays.add',
        message: `${actor.name} ha añadido el festivo ${HOLIDAY_KIND_LABELS[input.kind].toLowerCase()} «${input.name}» (${input.date}) al calendario laboral de «${company.name}»`,
      });
    });
  } catch (error) {
    // Two managers adding the same day at once: the unique (company, date) decides.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_HOLIDAY_MESSAGE);
    throw error;
  }
  return { id, date: input.date, name: input.name, kind: input.kind, excluded: false, sunday: false };
}

export async function removeHoliday(deps: HolidayDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, ['Supervisor', 'Administrador']);
  const row = await repository.findHoliday(deps.db, id);
  const scope = scopeOf(actor);
  if (!row || (scope.kind === 'company' && row.company_id !== scope.companyId)) throw notFound(HOLIDAY_NOT_FOUND_MESSAGE);
  const companyName = (await findCompanyName(deps.db, row.company_id)) ?? '';
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await repository.deleteHoliday(trx, id);
    await appendActorAction(trx, actor, now, {
      companyId: row.company_id,
      kind: 'holidays.remove',
      message: `${actor.name} ha quitado el festivo «${row.name}» (${row.date}) del calendario laboral de «${companyName}»`,
    });
  });
}

export async function setNationalExcluded(deps: HolidayDeps, actor: Actor, date: string, input: ExcludeNationalHolidayRequest): Promise<Holiday> {
  const company = await resolveManagedCompanyToChange(deps.db, actor, input.companyId, OTHER_COMPANY_HOLIDAYS_MESSAGE);
  const national = nationalHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date);
  if (!national) throw notFound(NOT_NATIONAL_MESSAGE);
  const result: Holiday = { id: null, date, name: national.name, kind: 'nacional', excluded: input.excluded, sunday: national.sunday === true };
  const already = await repository.isExcluded(deps.db, company.id, date);
  if (already === input.excluded) return result;
  // Restoring a national date the company gave its own holiday would put two holidays on one day.
  if (!input.excluded && (await repository.findHolidayOn(deps.db, company.id, date))) throw conflict(DUPLICATE_HOLIDAY_MESSAGE);
  const now = deps.clock();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (input.excluded) await repository.insertExclusion(trx, { companyId: company.id, date, at: now.toISOString(), by: actor.userId });
      else await repository.deleteExclusion(trx, company.id, date);
      await appendActorAction(trx, actor, now, {
        companyId: company.id,
        kind: input.excluded ? 'holidays.exclude' : 'holidays.restore',
        message: input.excluded
          ? `${actor.name} ha indicado que el festivo nacional «${national.name}» (${date}) no se celebra en «${company.name}»`
          : `${actor.name} ha restaurado el festivo nacional «${national.name}» (${date}) en «${company.name}»`,
      });
    });
  } catch (error) {
    // The same change sent twice at once: the primary key keeps one row, and the answer is the same.
    if (!isUniqueViolation(error)) throw error;
  }
  return result;
}
