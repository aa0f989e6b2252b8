import type { Kysely } from 'kysely';
import type { ClaimOpenShiftRequest, EventOpenPlaces, OpenShiftClaim, OpenShiftList, SaveOpenPlacesRequest } from '@jornada/shared/schemas/open-shifts';
import type { DB } from '../../db/schema';
import { requireRole, type Actor } from '../../lib/authorization';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { openShiftClaimed, openShiftRejected } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import { companySupervisorIds } from '../notifications/recipients';
import { getCompanySettings } from '../company-settings/company-settings.service';
import { requireEventManager, requireVisibleEvent, type EventsDeps } from '../events/event-access';
import { addAssigneeInTransaction } from '../events/events.service';
import { findIneligibility } from './eligibility';
import * as repository from './open-shifts.repository';

export const OPEN_SHIFT_NOT_FOUND_MESSAGE = 'No se ha encontrado el turno abierto.';
export const CLAIM_NOT_FOUND_MESSAGE = 'No se ha encontrado la solicitud.';
export const NO_PLACES_LEFT_MESSAGE = 'Ya no quedan plazas libres en este turno.';
export const ALREADY_CLAIMED_MESSAGE = 'Ya has solicitado este turno.';
export const ALREADY_DECIDED_MESSAGE = 'La solicitud ya se ha resuelto.';
export const STARTED_MESSAGE = 'El turno ya ha empezado: no se puede solicitar.';
export const CATEGORY_NOT_HELD_MESSAGE = 'No tienes la categoría de esta plaza.';
export const UNKNOWN_CATEGORY_MESSAGE = 'La categoría no está asignada a la empresa.';
export const DUPLICATE_CATEGORY_MESSAGE = 'Cada categoría solo puede aparecer una vez.';
export const placesTakenMessage = (category: string) => `No puedes dejar «${category}» con menos plazas de las ya cubiertas.`;

/** At most this many open shifts in the employee's list (the next ones first). */
const LIST_LIMIT = 100;

function presentClaim(row: repository.ClaimRow): OpenShiftClaim {
  return {
    id: row.id,
    eventId: row.event_id,
    categoryId: row.category_id,
    categoryName: row.category_name,
    userId: row.user_id,
    userName: row.user_name,
    state: row.state,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

/** The company's employee or supervisor who may hold a place (decision 051). */
function requireClaimer(actor: Actor): string {
  requireRole(actor, ['Empleado', 'Supervisor']);
  if (actor.companyId === null) throw notFound(OPEN_SHIFT_NOT_FOUND_MESSAGE);
  return actor.companyId;
}

/** 'Turnos abiertos': the open places the caller could take now, and the ones they asked for. */
export async function listOpenShifts(deps: EventsDeps, actor: Actor): Promise<OpenShiftList> {
  const companyId = requireClaimer(actor);
  const now = deps.clock();
  const { openShiftMode } = await getCompanySettings(deps.db, companyId);
  const rows = await repository.listOpenShiftsOf(deps.db, companyId, actor.userId, now, LIST_LIMIT);
  const eventIds = [...new Set(rows.map((row) => row.event_id))];
  const claimed = await repository.myClaims(deps.db, actor.userId, eventIds);
  const staffed = await repository.staffedEvents(deps.db, actor.userId, eventIds);
  // Only the places the person could take are judged; one already asked for shows its answer.
  const open = rows.filter((row) => !claimed.has(row.event_id) && !staffed.has(row.event_id));
  const planned = [...new Map(open.map((row) => [row.event_id, { id: row.event_id, name: row.name, start: new Date(row.start_time), end: new Date(row.end_time) }])).values()];
  const ineligible = await findIneligibility(deps, companyId, actor.userId, planned);
  const items = rows
    .filter((row) => claimed.has(row.event_id) || (!staffed.has(row.event_id) && !ineligible.has(row.event_id)))
    .map((row) => ({
      eventId: row.event_id,
      name: row.name,
      location: row.location,
      date: row.start_time,
      endDate: row.end_time,
      categoryId: row.category_id,
      categoryName: row.category_name,
      remaining: row.remaining,
      myClaim: claimed.get(row.event_id) ?? null,
    }));
  return { mode: openShiftMode, items };
}

async function assignClaimant(deps: EventsDeps, trx: Kysely<DB>, actor: Actor, claim: { eventId: string; companyId: string; categoryId: string; userId: string; eventName: string }, at: Date, logMessage: string) {
  // The place first: the guarded decrement is the capacity check, and it holds the row till commit.
  if (!(await repository.takePlace(trx, claim.eventId, claim.categoryId))) throw conflict(NO_PLACES_LEFT_MESSAGE);
  await addAssigneeInTransaction(deps, trx, actor, { eventId: claim.eventId, companyId: claim.companyId, userId: claim.userId, at, logMessage });
}

/**
 * 'Solicitar turno': the caller asks for an open place of a category they hold. First come: the
 * place is taken and the person assigned in one transaction. With approval: the claim waits
 * ('Pendiente') and the company's supervisors are told.
 */
export async function claimOpenShift(deps: EventsDeps, actor: Actor, eventId: string, input: ClaimOpenShiftRequest): Promise<OpenShiftClaim> {
  const companyId = requireClaimer(actor);
  const now = deps.clock();
  const id = newId('osc');
  try {
    await deps.db.transaction().execute(async (trx) => {
      const event = await requireVisibleEvent(trx, { scope: { kind: 'company', companyId } }, eventId).catch(() => {
        throw notFound(OPEN_SHIFT_NOT_FOUND_MESSAGE);
      });
      const place = (await repository.listPlaces(trx, event.id)).find((row) => row.category_id === input.categoryId);
      if (!place || place.places === 0) throw notFound(OPEN_SHIFT_NOT_FOUND_MESSAGE);
      if (Date.parse(event.start_time) <= now.getTime()) throw conflict(STARTED_MESSAGE);
      if (!(await repository.holdsCategory(trx, actor.userId, input.categoryId))) throw unprocessable(CATEGORY_NOT_HELD_MESSAGE);
      if ((await repository.myClaims(trx, actor.userId, [event.id])).has(event.id)) throw conflict(ALREADY_CLAIMED_MESSAGE);
      const reason = (await findIneligibility({ ...deps, db: trx }, companyId, actor.userId, [{ id: event.id, name: event.name, start: new Date(event.start_time), end: new Date(event.end_time) }])).get(event.id);
      if (reason) throw unprocessable(`No puedes solicitar este turno: ${reason}`);
      const { openShiftMode } = await getCompanySettings(trx, companyId);
      const facts = { eventId: event.id, companyId, categoryId: input.categoryId, userId: actor.userId, eventName: event.name };
      if (openShiftMode === 'first_come') {
        await assignClaimant({ ...deps, db: trx }, trx, actor, facts, now, `${actor.name} ha ocupado una plaza abierta de «${place.category_name}» en el evento «${event.name}»`);
        await repository.insertClaim(trx, { id, event_id: event.id, company_id: companyId, category_id: input.categoryId, user_id: actor.userId, state: 'approved', created_at: now.toISOString(), decided_at: now.toISOString(), decided_by: actor.userId });
        return;
      }
      if (place.remaining === 0) throw conflict(NO_PLACES_LEFT_MESSAGE);
      await repository.insertClaim(trx, { id, event_id: event.id, company_id: companyId, category_id: input.categoryId, user_id: actor.userId, state: 'pending', created_at: now.toISOString() });
      await appendActorAction(trx, actor, now, { companyId, kind: 'open-shift.claim', message: `${actor.name} ha solicitado una plaza abierta de «${place.category_name}» en el evento «${event.name}»` });
      const message = openShiftClaimed(actor.name, { name: event.name, location: event.location, start: event.start_time, timeZone: deps.timeZone });
      await notify(trx, { companyId, recipients: await companySupervisorIds(trx, companyId), message, at: now, actorId: actor.userId });
    });
  } catch (error) {
    // Two requests of the same person at once: the unique claim per event answers the second.
    if (isUniqueViolation(error)) throw conflict(ALREADY_CLAIMED_MESSAGE);
    throw error;
  }
  return presentClaim((await repository.findClaim(deps.db, { kind: 'company', companyId }, id))!);
}

/** The supervisor's side of an event: its open places, what is left and who asked. */
export async function getEventOpenPlaces(deps: EventsDeps, actor: Actor, eventId: string): Promise<EventOpenPlaces> {
  const scope = requireEventManager(actor);
  const event = await requireVisibleEvent(deps.db, { scope }, eventId);
  const { openShiftMode } = await getCompanySettings(deps.db, event.company_id);
  const places = await repository.listPlaces(deps.db, event.id);
  const claims = await repository.listClaims(deps.db, event.id);
  return {
    eventId: event.id,
    mode: openShiftMode,
    places: places.map((row) => ({ categoryId: row.category_id, categoryName: row.category_name, places: Number(row.places), remaining: Number(row.remaining) })),
    claims: claims.map(presentClaim),
  };
}

/**
 * Publishes an event's open places per category (the whole set: a category left out has none). A
 * number below the places already taken is refused; the change and a claim at the same moment are
 * both counted (one guarded statement each).
 */
export async function saveEventOpenPlaces(deps: EventsDeps, actor: Actor, eventId: string, input: SaveOpenPlacesRequest): Promise<EventOpenPlaces> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  const categoryIds = input.places.map((item) => item.categoryId);
  if (new Set(categoryIds).size !== categoryIds.length) throw badRequest(DUPLICATE_CATEGORY_MESSAGE);
  await deps.db.transaction().execute(async (trx) => {
    const event = await requireVisibleEvent(trx, { scope }, eventId);
    const allowed = await repository.companyCategoryIds(trx, event.company_id);
    if (categoryIds.some((categoryId) => !allowed.has(categoryId))) throw unprocessable(UNKNOWN_CATEGORY_MESSAGE);
    const existing = await repository.listPlaces(trx, event.id);
    const wanted = new Map(input.places.map((item) => [item.categoryId, item.places]));
    for (const row of existing) {
      if (!(await repository.resizePlaces(trx, event.id, row.category_id, wanted.get(row.category_id) ?? 0))) throw conflict(placesTakenMessage(row.category_name));
    }
    const known = new Set(existing.map((row) => row.category_id));
    for (const item of input.places) {
      if (!known.has(item.categoryId) && item.places > 0) await repository.insertPlaces(trx, { event_id: event.id, company_id: event.company_id, category_id: item.categoryId, places: item.places });
    }
    await repository.deleteEmptyPlaces(trx, event.id);
    const summary = (await repository.listPlaces(trx, event.id)).map((row) => `${row.places} ${row.category_name}`).join(', ') || 'ninguna';
    await appendActorAction(trx, actor, now, { companyId: event.company_id, kind: 'open-shift.places', message: `${actor.name} ha publicado plazas abiertas en el evento «${event.name}»: ${summary}` });
  });
  return getEventOpenPlaces(deps, actor, eventId);
}

async function requirePendingClaim(trx: Kysely<DB>, actor: Actor, claimId: string): Promise<repository.ClaimRow> {
  const claim = await repository.findClaim(trx, requireEventManager(actor), claimId);
  if (!claim) throw notFound(CLAIM_NOT_FOUND_MESSAGE);
  if (claim.state !== 'pending') throw conflict(ALREADY_DECIDED_MESSAGE);
  return claim;
}

/** 'Aprobar': the place is taken and the person assigned, checked again as they are now. */
export async function approveClaim(deps: EventsDeps, actor: Actor, claimId: string): Promise<OpenShiftClaim> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const claim = await requirePendingClaim(trx, actor, claimId);
    const event = await requireVisibleEvent(trx, { scope }, claim.event_id);
    if (!(await repository.decideClaim(trx, { id: claim.id, state: 'approved', at: now.toISOString(), by: actor.userId }))) throw conflict(ALREADY_DECIDED_MESSAGE);
    const reason = (await findIneligibility({ ...deps, db: trx }, claim.company_id, claim.user_id, [{ id: event.id, name: event.name, start: new Date(event.start_time), end: new Date(event.end_time) }])).get(event.id);
    if (reason) throw unprocessable(`No se puede aprobar: ${reason}`);
    const facts = { eventId: event.id, companyId: claim.company_id, categoryId: claim.category_id, userId: claim.user_id, eventName: event.name };
    await assignClaimant({ ...deps, db: trx }, trx, actor, facts, now, `${actor.name} ha aprobado la solicitud de ${claim.user_name} para una plaza abierta de «${claim.category_name}» en el evento «${event.name}»`);
  });
  return presentClaim((await repository.findClaim(deps.db, scope, claimId))!);
}

/** 'Rechazar': the claim ends, the place stays open, and the person is told. */
export async function rejectClaim(deps: EventsDeps, actor: Actor, claimId: string): Promise<OpenShiftClaim> {
  const scope = requireEventManager(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const claim = await requirePendingClaim(trx, actor, claimId);
    const event = await requireVisibleEvent(trx, { scope }, claim.event_id);
    if (!(await repository.decideClaim(trx, { id: claim.id, state: 'rejected', at: now.toISOString(), by: actor.userId }))) throw conflict(ALREADY_DECIDED_MESSAGE);
    await appendActorAction(trx, actor, now, { companyId: claim.company_id, kind: 'open-shift.reject', message: `${actor.name} ha rechazado la solicitud de ${claim.user_name} para el evento «${event.name}»` });
    const message = openShiftRejected({ name: event.name, location: event.location, start: event.start_time, timeZone: deps.timeZone });
    await notify(trx, { companyId: claim.company_id, recipients: [claim.user_id], message, at: now, actorId: actor.userId });
  });
  return presentClaim((await repository.findClaim(deps.db, scope, claimId))!);
}
