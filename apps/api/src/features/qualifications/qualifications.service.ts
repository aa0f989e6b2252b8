import type { Kysely } from 'kysely';
import { dayKeyOf } from '@jornada/shared/events';
import {
  addDays,
  daysBetween,
  DUPLICATE_QUALIFICATION_TYPE_MESSAGE,
  EXPIRING_WINDOW_DAYS,
  qualificationProblemMessage,
  qualificationStatusOf,
  type CreateQualificationTypeRequest,
  type EventRequirements,
  type ExpiringList,
  type Qualification,
  type QualificationList,
  type QualificationRequirements,
  type QualificationType,
  type QualificationTypeList,
  type QualificationWarning,
  type SaveCategoryRequirementsRequest,
  type SaveQualificationRequest,
} from '@jornada/shared/schemas/qualifications';
import type { DB } from '../../db/schema';
import { requireRole, scopeOf, type Actor, type CompanyScope } from '../../lib/authorization';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { deleteFiles, findFileContent, insertFiles, type FileContent } from '../../ledgers/files/files.repository';
import { newStoredFile, requirePhoto } from '../../ledgers/files/stored-files';
import type { MultipartForm } from '../../ledgers/files/uploads';
import { getCompanySettings } from '../company-settings/company-settings.service';
import { scheduleExpirySweep } from './qualification-reminders';
import * as repository from './qualifications.repository';

export interface QualificationDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** Days (expiry, the event's date) are the company's calendar days. */
  timeZone: string;
}

export const COMPANY_REQUIRED_MESSAGE = 'Selecciona una empresa.';
export const COMPANY_NOT_FOUND_MESSAGE = 'No se ha encontrado la empresa.';
export const OTHER_COMPANY_MESSAGE = 'Solo puedes gestionar las titulaciones de tu empresa.';
export const TYPE_NOT_FOUND_MESSAGE = 'No se ha encontrado la titulación.';
export const UNKNOWN_TYPE_MESSAGE = 'La titulación elegida no es de la empresa.';
export const TYPE_IN_USE_MESSAGE = 'No se puede eliminar: hay personas con esta titulación.';
export const EMPLOYEE_NOT_FOUND_MESSAGE = 'No se ha encontrado el empleado.';
export const QUALIFICATION_NOT_FOUND_MESSAGE = 'No se ha encontrado la titulación del empleado.';
export const CATEGORY_NOT_FOUND_MESSAGE = 'La categoría no está asignada a la empresa.';
export const PHOTO_REQUIRED_MESSAGE = 'Adjunta la foto del documento.';
export const EVENT_NOT_FOUND_MESSAGE = 'No se pudo encontrar el evento.';

const MANAGERS = ['Supervisor', 'Administrador'] as const;

// ---- Company scope ----------------------------------------------------------------------------------------

/** A supervisor's own company (another id in the query is a 404), or the one an administrator picked. */
async function resolveCompany(db: Kysely<DB>, actor: Actor, requested: string | undefined): Promise<{ id: string; name: string }> {
  requireRole(actor, MANAGERS);
  const scope = scopeOf(actor);
  if (scope.kind === 'company' && requested && requested !== scope.companyId) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  const id = scope.kind === 'company' ? scope.companyId : requested;
  if (!id) throw badRequest(COMPANY_REQUIRED_MESSAGE);
  const name = await repository.findCompanyName(db, id);
  if (name === undefined) throw notFound(COMPANY_NOT_FOUND_MESSAGE);
  return { id, name };
}

/** A company id in a body: another company's is refused like every other reference (422). */
async function resolveBodyCompany(db: Kysely<DB>, actor: Actor, requested: string | undefined): Promise<{ id: string; name: string }> {
  requireRole(actor, MANAGERS);
  if (actor.role === 'Supervisor' && requested && requested !== actor.companyId) throw unprocessable(OTHER_COMPANY_MESSAGE);
  return resolveCompany(db, actor, requested);
}

const today = (deps: QualificationDeps) => dayKeyOf(deps.clock(), deps.timeZone);

// ---- Types -----------------------------------------------------------------------------------------------

export async function listTypes(deps: QualificationDeps, actor: Actor, companyId: string | undefined): Promise<QualificationTypeList> {
  const company = await resolveCompany(deps.db, actor, companyId);
  return { items: await repository.listTypes(deps.db, company.id) };
}

export async function createType(deps: QualificationDeps, actor: Actor, input: CreateQualificationTypeRequest): Promise<QualificationType> {
  const company = await resolveBodyCompany(deps.db, actor, input.companyId);
  const now = deps.clock();
  const id = newId('qtyp');
  try {
    await deps.db.transaction().execute(async (trx) => {
      await repository.insertType(trx, { id, companyId: company.id, name: input.name, at: now.toISOString() });
      await appendActorAction(trx, actor, now, { companyId: company.id, kind: 'qualification-type.create', message: `${actor.name} ha añadido la titulación «${input.name}» en «${company.name}»` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_QUALIFICATION_TYPE_MESSAGE);
    throw error;
  }
  return { id, companyId: company.id, name: input.name, holders: 0 };
}

export async function deleteType(deps: QualificationDeps, actor: Actor, id: string): Promise<void> {
  requireRole(actor, MANAGERS);
  const type = await repository.findType(deps.db, scopeOf(actor), id);
  if (!type) throw notFound(TYPE_NOT_FOUND_MESSAGE);
  // A person's record of a card is evidence; it is deleted one by one, never by removing its type.
  if ((await repository.countHolders(deps.db, id)) > 0) throw conflict(TYPE_IN_USE_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await repository.deleteType(trx, id);
    await appendActorAction(trx, actor, now, { companyId: type.company_id, kind: 'qualification-type.delete', message: `${actor.name} ha eliminado la titulación «${type.name}»` });
  });
}

// ---- Qualifications ----------------------------------------------------------------------------------------

function present(row: repository.QualificationRow, todayKey: string, photoTypes: ReadonlySet<string>): Qualification {
  const daysLeft = row.expires_on === null ? null : daysBetween(todayKey, row.expires_on);
  return {
    id: row.id,
    userId: row.user_id,
    typeId: row.type_id,
    typeName: row.type_name,
    number: row.number,
    issuedOn: row.issued_on,
    expiresOn: row.expires_on,
    daysLeft,
    status: qualificationStatusOf(daysLeft),
    photoUrl: row.file_id === null ? null : `/api/qualifications/${row.id}/photo?v=${row.file_id}`,
    photoRequired: photoTypes.has(`${row.user_id}:${row.type_id}`),
  };
}

async function photoTypesOf(db: Kysely<DB>, companyId: string, userIds: readonly string[]): Promise<Set<string>> {
  const requirements = await repository.listRequirementsOfPeople(db, companyId, userIds);
  return new Set(requirements.filter((item) => Number(item.requires_photo) === 1).map((item) => `${item.user_id}:${item.type_id}`));
}

async function listOf(deps: QualificationDeps, companyId: string, userId: string): Promise<QualificationList> {
  const rows = await repository.listQualificationsOf(deps.db, companyId, [userId]);
  const photoTypes = await photoTypesOf(deps.db, companyId, [userId]);
  const todayKey = today(deps);
  return { items: rows.map((row) => present(row, todayKey, photoTypes)) };
}

async function requireHolder(deps: QualificationDeps, actor: Actor, employeeId: string) {
  requireRole(actor, MANAGERS);
  const holder = await repository.findHolder(deps.db, scopeOf(actor), employeeId);
  if (!holder) throw notFound(EMPLOYEE_NOT_FOUND_MESSAGE);
  return holder;
}

export async function listEmployeeQualifications(deps: QualificationDeps, actor: Actor, employeeId: string): Promise<QualificationList> {
  const holder = await requireHolder(deps, actor, employeeId);
  return listOf(deps, holder.companyId, holder.id);
}

/** An Empleado or Supervisor sees their own; recording them is their supervisors' (decision 042). */
export async function listMyQualifications(deps: QualificationDeps, actor: Actor): Promise<QualificationList> {
  requireRole(actor, ['Empleado', 'Supervisor']);
  if (!actor.companyId) return { items: [] };
  return listOf(deps, actor.companyId, actor.userId);
}

async function requireCompanyType(db: Kysely<DB>, companyId: string, typeId: string) {
  const type = await repository.findType(db, { kind: 'company', companyId }, typeId);
  if (!type) throw unprocessable(UNKNOWN_TYPE_MESSAGE);
  return type;
}

async function reload(deps: QualificationDeps, scope: CompanyScope, id: string): Promise<Qualification> {
  const row = await repository.findQualification(deps.db, scope, id);
  if (!row) throw notFound(QUALIFICATION_NOT_FOUND_MESSAGE);
  return present(row, today(deps), await photoTypesOf(deps.db, row.company_id, [row.user_id]));
}

const describeDates = (input: SaveQualificationRequest) => (input.expiresOn ? `, caduca el ${input.expiresOn.split('-').reverse().join('/')}` : ', sin caducidad');

export async function addQualification(deps: QualificationDeps, actor: Actor, employeeId: string, input: SaveQualificationRequest): Promise<Qualification> {
  const holder = await requireHolder(deps, actor, employeeId);
  const type = await requireCompanyType(deps.db, holder.companyId, input.typeId);
  const now = deps.clock();
  const id = newId('qual');
  await deps.db.transaction().execute(async (trx) => {
    await repository.insertQualification(trx, {
      id,
      company_id: holder.companyId,
      user_id: holder.id,
      type_id: type.id,
      number: input.number,
      issued_on: input.issuedOn ?? null,
      expires_on: input.expiresOn ?? null,
      file_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    await appendActorAction(trx, actor, now, {
      companyId: holder.companyId,
      kind: 'qualification.add',
      message: `${actor.name} ha añadido «${type.name}» nº ${input.number} a ${holder.name}${describeDates(input)}`,
    });
    if (input.expiresOn) await scheduleExpirySweep(trx, now);
  });
  return reload(deps, scopeOf(actor), id);
}

async function requireQualification(deps: QualificationDeps, actor: Actor, id: string) {
  requireRole(actor, MANAGERS);
  const row = await repository.findQualification(deps.db, scopeOf(actor), id);
  if (!row) throw notFound(QUALIFICATION_NOT_FOUND_MESSAGE);
  return row;
}

export async function updateQualification(deps: QualificationDeps, actor: Actor, id: string, input: SaveQualificationRequest): Promise<Qualification> {
  const row = await requireQualification(deps, actor, id);
  const type = await requireCompanyType(deps.db, row.company_id, input.typeId);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await repository.updateQualification(trx, id, {
      type_id: type.id,
      number: input.number,
      issued_on: input.issuedOn ?? null,
      expires_on: input.expiresOn ?? null,
      updated_at: now.toISOString(),
    });
    await appendActorAction(trx, actor, now, { companyId: row.company_id, kind: 'qualification.update', message: `${actor.name} ha cambiado «${type.name}» nº ${input.number}${describeDates(input)}` });
    // A renewed card (a new expiry) is reminded of again: the reminders are keyed by the expiry.
    if (input.expiresOn) await scheduleExpirySweep(trx, now);
  });
  return reload(deps, scopeOf(actor), id);
}

export async function deleteQualification(deps: QualificationDeps, actor: Actor, id: string): Promise<void> {
  const row = await requireQualification(deps, actor, id);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await repository.deleteQualification(trx, id);
    await deleteFiles(trx, [row.file_id]);
    await appendActorAction(trx, actor, now, { companyId: row.company_id, kind: 'qualification.delete', message: `${actor.name} ha eliminado «${row.type_name}» nº ${row.number}` });
  });
}

export async function saveQualificationPhoto(deps: QualificationDeps, actor: Actor, id: string, readUpload: () => Promise<MultipartForm>): Promise<Qualification> {
  const row = await requireQualification(deps, actor, id);
  const { files } = await readUpload();
  const upload = files[0];
  if (!upload) throw badRequest(PHOTO_REQUIRED_MESSAGE);
  requirePhoto(upload);
  const now = deps.clock();
  const file = newStoredFile(upload, { companyId: row.company_id, ownerId: row.user_id }, 'document', now);
  await deps.db.transaction().execute(async (trx) => {
    await insertFiles(trx, [file]);
    await repository.updateQualification(trx, id, { file_id: file.id, updated_at: now.toISOString() });
    await deleteFiles(trx, [row.file_id]);
    await appendActorAction(trx, actor, now, { companyId: row.company_id, kind: 'qualification.photo', message: `${actor.name} ha subido la foto de «${row.type_name}» nº ${row.number}` });
  });
  return reload(deps, scopeOf(actor), id);
}

/** The photo: to its company's managers and to its holder; anyone else is answered 404. */
export async function getQualificationPhoto(deps: QualificationDeps, actor: Actor, id: string): Promise<FileContent> {
  const scope = scopeOf(actor);
  const row = await repository.findQualification(deps.db, scope, id);
  const allowed = row !== undefined && (actor.role === 'Administrador' || actor.role === 'Supervisor' || row.user_id === actor.userId);
  const file = allowed && row.file_id ? await findFileContent(deps.db, scope, row.file_id) : undefined;
  if (!file) throw notFound(QUALIFICATION_NOT_FOUND_MESSAGE);
  return file;
}

// ---- Required types --------------------------------------------------------------------------------------

export async function getRequirements(deps: QualificationDeps, actor: Actor, companyId: string | undefined): Promise<QualificationRequirements> {
  const company = await resolveCompany(deps.db, actor, companyId);
  const categories = await repository.listCompanyCategories(deps.db, company.id);
  const requirements = await repository.listCategoryRequirements(deps.db, company.id);
  return {
    companyId: company.id,
    categories: categories.map((category) => ({
      categoryId: category.id,
      categoryName: category.name,
      requirements: requirements
        .filter((item) => item.category_id === category.id)
        .map((item) => ({ typeId: item.type_id, requiresPhoto: Number(item.requires_photo) === 1 })),
    })),
  };
}

export async function saveCategoryRequirements(
  deps: QualificationDeps,
  actor: Actor,
  categoryId: string,
  input: SaveCategoryRequirementsRequest,
): Promise<QualificationRequirements> {
  const company = await resolveBodyCompany(deps.db, actor, input.companyId);
  if (!(await repository.isCompanyCategory(deps.db, company.id, categoryId))) throw notFound(CATEGORY_NOT_FOUND_MESSAGE);
  const unique = [...new Map(input.requirements.map((item) => [item.typeId, item])).values()];
  const types = await repository.findTypesOfCompany(deps.db, company.id, unique.map((item) => item.typeId));
  if (types.length !== unique.length) throw unprocessable(UNKNOWN_TYPE_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    await repository.replaceCategoryRequirements(trx, company.id, categoryId, unique);
    const names = types.map((type) => type.name).join(', ') || 'ninguna';
    await appendActorAction(trx, actor, now, { companyId: company.id, kind: 'qualification.requirements', message: `${actor.name} ha cambiado las titulaciones requeridas de una categoría en «${company.name}»: ${names}` });
  });
  return getRequirements(deps, actor, company.id);
}

export async function getEventRequirements(deps: QualificationDeps, actor: Actor, eventId: string): Promise<EventRequirements> {
  requireRole(actor, MANAGERS);
  const event = await repository.findEventInScope(deps.db, scopeOf(actor), eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND_MESSAGE);
  return { typeIds: (await repository.listEventRequirements(deps.db, [eventId])).map((row) => row.type_id) };
}

/**
 * The event form's 'Titulaciones requeridas', saved with the event in its transaction (events
 * service). Another company's or an unknown type is a 422.
 */
export async function setEventRequirements(db: Kysely<DB>, companyId: string, eventIds: readonly string[], typeIds: readonly string[]): Promise<void> {
  const unique = [...new Set(typeIds)];
  if ((await repository.findTypesOfCompany(db, companyId, unique)).length !== unique.length) throw unprocessable(UNKNOWN_TYPE_MESSAGE);
  await repository.replaceEventRequirements(db, eventIds, unique);
}

export async function eventRequirementTypeIds(db: Kysely<DB>, eventId: string): Promise<string[]> {
  return (await repository.listEventRequirements(db, [eventId])).map((row) => row.type_id);
}

// ---- Caducidades -------------------------------------------------------------------------------------------

export async function listExpiring(deps: QualificationDeps, actor: Actor, companyId: string | undefined): Promise<ExpiringList> {
  const company = await resolveCompany(deps.db, actor, companyId);
  const todayKey = today(deps);
  const until = addDays(todayKey, EXPIRING_WINDOW_DAYS);
  const rows = await repository.listExpiringUntil(deps.db, company.id, until);
  const photoTypes = await photoTypesOf(deps.db, company.id, [...new Set(rows.map((row) => row.user_id))]);
  return { companyId: company.id, items: rows.map((row) => ({ ...present(row, todayKey, photoTypes), userName: row.user_name })) };
}

// ---- The assignment check ------------------------------------------------------------------------------------

export interface QualificationPlan {
  companyId: string;
  eventName: string;
  /** The people whose assignment is checked (newcomers, or everyone when the date or requirements changed). */
  userIds: readonly string[];
  /** The event's calendar days 'YYYY-MM-DD' (one, or one per occurrence of a constant event). */
  days: readonly string[];
  /** The event's own required types (besides each person's categories'). */
  eventTypeIds: readonly string[];
}

/** What the qualification check reads for a set of people: one read each, whatever the number of events judged. */
export interface QualificationFacts {
  types: Map<string, string>;
  byCategory: Awaited<ReturnType<typeof repository.listRequirementsOfPeople>>;
  held: Awaited<ReturnType<typeof repository.listQualificationsOf>>;
  names: Map<string, string>;
}

/** Reads the facts `judgeQualifications` needs: the event types named, the people's category requirements, their qualifications and names. */
export async function readQualificationFacts(db: Kysely<DB>, companyId: string, userIds: readonly string[], eventTypeIds: readonly string[]): Promise<QualificationFacts> {
  const people = [...new Set(userIds)];
  const eventTypes = await repository.findTypesOfCompany(db, companyId, [...new Set(eventTypeIds)]);
  const byCategory = people.length === 0 ? [] : await repository.listRequirementsOfPeople(db, companyId, people);
  const types = new Map(eventTypes.map((type) => [type.id, type.name]));
  if (people.length === 0 || (eventTypes.length === 0 && byCategory.length === 0)) return { types, byCategory, held: [], names: new Map() };
  const held = await repository.listQualificationsOf(db, companyId, people);
  const names = new Map((await repository.findNames(db, companyId, people)).map((user) => [user.id, user.name]));
  return { types, byCategory, held, names };
}

/**
 * What each person lacks on the event's days: a required type (their categories' and the event's)
 * not held, held but expired on one of the days (valid through its expiry date), or without the
 * photo their category asks for. Pure: the facts were read by `readQualificationFacts`.
 */
export function judgeQualifications(facts: QualificationFacts, plan: Pick<QualificationPlan, 'userIds' | 'days' | 'eventTypeIds'>): QualificationWarning[] {
  const userIds = [...new Set(plan.userIds)];
  const days = [...new Set(plan.days)].sort();
  if (userIds.length === 0 || days.length === 0) return [];
  const eventTypes = [...new Set(plan.eventTypeIds)].flatMap((id) => (facts.types.has(id) ? [{ id, name: facts.types.get(id)! }] : []));
  const problems: QualificationWarning[] = [];
  for (const userId of userIds) {
    const required = new Map<string, { name: string; photo: boolean }>();
    for (const type of eventTypes) required.set(type.id, { name: type.name, photo: false });
    for (const item of facts.byCategory.filter((row) => row.user_id === userId)) {
      const photo = Number(item.requires_photo) === 1 || (required.get(item.type_id)?.photo ?? false);
      required.set(item.type_id, { name: item.type_name, photo });
    }
    if (required.size === 0) continue;
    const userName = facts.names.get(userId) ?? userId;
    for (const [typeId, type] of required) {
      const mine = facts.held.filter((row) => row.user_id === userId && row.type_id === typeId);
      let problem: Pick<QualificationWarning, 'day' | 'reason'> | undefined;
      if (mine.length === 0) problem = { day: days[0]!, reason: 'missing' };
      else {
        // The card that lasts longest decides (a renewed one beside the old).
        const best = mine.reduce((a, b) => (a.expires_on === null || (b.expires_on !== null && a.expires_on >= b.expires_on) ? a : b));
        const lapsed = best.expires_on === null ? undefined : days.find((day) => day > best.expires_on!);
        if (lapsed) problem = { day: lapsed, reason: 'expired' };
        else if (type.photo && best.file_id === null) problem = { day: days[0]!, reason: 'photo' };
      }
      if (problem) problems.push({ userId, userName, typeName: type.name, ...problem, message: qualificationProblemMessage({ userName, typeName: type.name, ...problem }) });
    }
  }
  return problems;
}

/** The check of one event's plan: the facts of its people, judged on its days. */
export async function findQualificationProblems(db: Kysely<DB>, plan: QualificationPlan): Promise<QualificationWarning[]> {
  if (plan.userIds.length === 0 || plan.days.length === 0) return [];
  return judgeQualifications(await readQualificationFacts(db, plan.companyId, plan.userIds, plan.eventTypeIds), plan);
}

/**
 * The gate of an assignment (decision 042), inside the caller's transaction. 'refuse': a 422 naming
 * the person and the qualification. 'warn': the assignment goes ahead, the action log keeps that it
 * was made anyway, and the warnings travel back in the answer for the screen to show.
 */
export async function enforceQualifications(db: Kysely<DB>, actor: Actor, at: Date, plan: QualificationPlan): Promise<QualificationWarning[]> {
  const problems = await findQualificationProblems(db, plan);
  if (problems.length === 0) return [];
  const { qualificationCheck } = await getCompanySettings(db, plan.companyId);
  const more = problems.length > 1 ? ` (y ${problems.length - 1} más)` : '';
  if (qualificationCheck === 'refuse') {
    throw new AppError(422, 'QUALIFICATION_MISSING', `No se puede asignar: ${problems[0]!.message}${more}`, { warnings: problems.slice(0, 50) });
  }
  await appendActorAction(db, actor, at, {
    companyId: plan.companyId,
    kind: 'qualification.warning',
    message: `${actor.name} ha asignado «${plan.eventName}» con titulaciones pendientes: ${problems.slice(0, 10).map((problem) => problem.message).join(' ')}${problems.length > 10 ? ` Y ${problems.length - 10} más.` : ''}`,
  });
  return problems.slice(0, 50);
}

/** The required types of many events at once (the roster's check): event id → type ids. */
export async function eventRequirementsByEvent(db: Kysely<DB>, eventIds: readonly string[]): Promise<Map<string, string[]>> {
  const byEvent = new Map<string, string[]>();
  if (eventIds.length === 0) return byEvent;
  for (const row of await repository.listEventRequirements(db, eventIds)) byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), row.type_id]);
  return byEvent;
}

// The import (decision 053) writes a person's TIP in its own transaction.
export { insertQualification } from './qualifications.repository';
