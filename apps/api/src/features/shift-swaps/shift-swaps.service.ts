import type { Kysely } from 'kysely';
import { MISSING_USER_NAME } from '@jornada/shared/events';
import type { CreateShiftSwapRequest, MySwaps, ShiftSwap, ShiftSwapList, SwapOptions } from '@jornada/shared/schemas/shift-swaps';
import type { DB } from '../../db/schema';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import { requireRole, scopeOf, type Actor } from '../../lib/authorization';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { resolveManagedCompany } from '../../lib/managed-company';
import type { EventsDeps } from '../events/event-access';
import { handOverShifts } from '../events/events.service';
import { swapDecided, swapProposed, swapTaken } from '../notifications/notification-messages';
import { notify } from '../notifications/notify';
import { companySupervisorIds } from '../notifications/recipients';
import * as repository from './shift-swaps.repository';
import { judgeEligibility, type SwapCandidate } from './swap-eligibility';

export const SWAP_NOT_FOUND_MESSAGE = 'No se ha encontrado ese cambio de turno.';
export const SHIFT_NOT_YOURS_MESSAGE = 'No tienes asignado ese turno.';
export const SHIFT_STARTED_MESSAGE = 'Solo se pueden ofrecer o cambiar turnos que aún no han empezado.';
export const ALREADY_PROPOSED_MESSAGE = 'Ya tienes un ofrecimiento o un cambio abierto para este turno.';
export const SELF_SWAP_MESSAGE = 'Elige a otro compañero para el cambio.';
export const COLLEAGUE_SHIFT_MESSAGE = 'Ese compañero no tiene asignado ese turno.';
export const NOBODY_ELIGIBLE_MESSAGE = 'Ahora mismo ningún compañero puede hacer este turno.';
export const OWN_OFFER_MESSAGE = 'No puedes coger tu propio turno.';
export const NOT_OPEN_MESSAGE = 'Este cambio de turno ya no está disponible.';
export const ALREADY_DECIDED_MESSAGE = 'Este cambio de turno ya se ha decidido.';
export const NOT_TAKEN_MESSAGE = 'Ningún compañero ha aceptado aún este cambio de turno.';
export const OWN_DECISION_MESSAGE = 'No puedes aprobar ni rechazar un cambio de turno en el que participas.';
export const PLACES_MOVED_MESSAGE = 'Las asignaciones han cambiado desde la propuesta: el cambio no se puede aplicar.';
export const notEligibleMessage = (name: string, reason: string) => `${name} no puede hacer ese turno: ${reason}`;

const OPEN_STATES = ['open', 'taken'] as const;
/** At most this many offers are judged for one person's list, and this many colleagues' shifts for a swap. */
const MAX_JUDGED_OFFERS = 50;
const MAX_SWAP_SHIFTS = 20;

function ownCompany(actor: Actor): string {
  requireRole(actor, ['Empleado', 'Supervisor']);
  if (actor.companyId === null) throw notFound(SHIFT_NOT_YOURS_MESSAGE);
  return actor.companyId;
}

/** The caller's own shift that has not started; a colleague's or another company's reads as missing. */
async function requireOwnFutureShift(deps: EventsDeps, companyId: string, userId: string, eventId: string): Promise<repository.SwapEventRow> {
  const [event] = await repository.findEventsOf(deps.db, companyId, [eventId]);
  if (!event || !(await repository.isAssigned(deps.db, eventId, userId))) throw notFound(SHIFT_NOT_YOURS_MESSAGE);
  if (Date.parse(event.start_time) <= deps.clock().getTime()) throw conflict(SHIFT_STARTED_MESSAGE);
  return event;
}

function person(colleagues: readonly SwapCandidate[], userId: string): SwapCandidate | undefined {
  return colleagues.find((colleague) => colleague.id === userId);
}

const shiftOf = (event: repository.SwapEventRow) => ({ eventId: event.id, name: event.name, location: event.location, startTime: event.start_time, endTime: event.end_time });
const factsOf = (event: repository.SwapEventRow, timeZone: string) => ({ name: event.name, location: event.location, start: event.start_time, timeZone });

/** Rows as the screens show them: names and shifts read once for the whole list. */
async function present(db: Kysely<DB>, companyId: string, rows: readonly repository.ShiftSwapRow[]): Promise<ShiftSwap[]> {
  const names = await repository.findNames(db, companyId, rows.flatMap((row) => [row.from_user_id, ...(row.to_user_id ? [row.to_user_id] : [])]));
  const events = new Map(
    (await repository.findEventsOf(db, companyId, rows.flatMap((row) => [row.from_event_id, ...(row.to_event_id ? [row.to_event_id] : [])]))).map((event) => [event.id, event]),
  );
  return rows.flatMap((row) => {
    const from = events.get(row.from_event_id);
    if (!from) return [];
    const to = row.to_event_id ? events.get(row.to_event_id) : undefined;
    return [
      {
        id: row.id,
        kind: row.kind,
        state: row.state,
        fromUserId: row.from_user_id,
        fromUserName: names.get(row.from_user_id) ?? MISSING_USER_NAME,
        fromShift: shiftOf(from),
        toUserId: row.to_user_id,
        toUserName: row.to_user_id ? (names.get(row.to_user_id) ?? MISSING_USER_NAME) : null,
        toShift: to ? shiftOf(to) : null,
        createdAt: row.created_at,
        takenAt: row.taken_at,
        decidedAt: row.decided_at,
        decidedByName: row.decided_by_name,
      },
    ];
  });
}

/**
 * Both sides of a swap, or the taker of an offer, judged now: the taker on the giver's shift (the
 * giver's categories), and in a swap the proposer on the colleague's (the colleague's categories),
 * each giving up the shift they hand over. Throws 422 naming who may not and why.
 */
async function requireEligible(
  deps: EventsDeps,
  companyId: string,
  colleagues: readonly SwapCandidate[],
  swap: { fromUserId: string; fromEvent: repository.SwapEventRow; toUserId: string; toEvent: repository.SwapEventRow | undefined },
): Promise<void> {
  const giver = person(colleagues, swap.fromUserId);
  const taker = person(colleagues, swap.toUserId);
  if (!giver || !taker) throw unprocessable(PLACES_MOVED_MESSAGE);
  const sides: Array<{ who: SwapCandidate; event: repository.SwapEventRow; categories: readonly string[]; givingUp?: string }> = [
    { who: taker, event: swap.fromEvent, categories: giver.categoryIds, givingUp: swap.toEvent?.id },
  ];
  if (swap.toEvent) sides.push({ who: giver, event: swap.toEvent, categories: taker.categoryIds, givingUp: swap.fromEvent.id });
  for (const side of sides) {
    const verdict = await judgeEligibility(deps, {
      companyId,
      event: side.event,
      categoryIds: side.categories,
      people: [side.who],
      givingUp: side.givingUp ? new Map([[side.who.id, side.givingUp]]) : undefined,
    });
    const reason = verdict.get(side.who.id);
    if (reason) throw unprocessable(notEligibleMessage(side.who.name, reason));
  }
}

/** 'Ofrecer' and 'Proponer cambio': who may take the caller's shift, and the colleagues' shifts it can be swapped for. */
export async function getSwapOptions(deps: EventsDeps, actor: Actor, eventId: string): Promise<SwapOptions> {
  const companyId = ownCompany(actor);
  const event = await requireOwnFutureShift(deps, companyId, actor.userId, eventId);
  const colleagues = await repository.listColleagues(deps.db, companyId);
  const me = person(colleagues, actor.userId);
  if (!me) return { colleagues: [], swaps: [] };
  const others = colleagues.filter((colleague) => colleague.id !== me.id);
  const verdicts = await judgeEligibility(deps, { companyId, event, categoryIds: me.categoryIds, people: others });
  const eligible = others.filter((colleague) => verdicts.get(colleague.id) === null);
  const theirShifts = await repository.futureShiftsOf(deps.db, companyId, eligible.map((colleague) => colleague.id), deps.clock(), MAX_SWAP_SHIFTS);
  const swaps: SwapOptions['swaps'] = [];
  for (const shift of theirShifts) {
    if (shift.id === event.id) continue;
    const holder = person(eligible, shift.user_id)!;
    const mine = await judgeEligibility(deps, { companyId, event: shift, categoryIds: holder.categoryIds, people: [me], givingUp: new Map([[me.id, event.id]]) });
    if (mine.get(me.id) === null) swaps.push({ userId: holder.id, name: holder.name, shift: shiftOf(shift) });
  }
  return { colleagues: eligible.map((colleague) => ({ userId: colleague.id, name: colleague.name })), swaps };
}

/** An offer to every eligible colleague, or a swap proposed to one; they hear of it. */
export async function createSwap(deps: EventsDeps, actor: Actor, input: CreateShiftSwapRequest): Promise<ShiftSwap> {
  const companyId = ownCompany(actor);
  const now = deps.clock();
  const id = newId('swp');
  await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const event = await requireOwnFutureShift(tx, companyId, actor.userId, input.eventId);
    if (await repository.openSwapOn(trx, companyId, actor.userId, event.id)) throw conflict(ALREADY_PROPOSED_MESSAGE);
    const colleagues = await repository.listColleagues(trx, companyId);
    const me = person(colleagues, actor.userId);
    if (!me) throw notFound(SHIFT_NOT_YOURS_MESSAGE);
    const facts = factsOf(event, deps.timeZone);
    if (input.kind === 'offer') {
      const others = colleagues.filter((colleague) => colleague.id !== me.id);
      const verdicts = await judgeEligibility(tx, { companyId, event, categoryIds: me.categoryIds, people: others });
      const eligible = others.filter((colleague) => verdicts.get(colleague.id) === null).map((colleague) => colleague.id);
      if (eligible.length === 0) throw unprocessable(NOBODY_ELIGIBLE_MESSAGE);
      await repository.insertSwap(trx, { id, company_id: companyId, kind: 'offer', state: 'open', from_user_id: me.id, from_event_id: event.id, created_at: now.toISOString() });
      await notify(trx, { companyId, recipients: eligible, message: swapProposed(me.name, true, facts), at: now, actorId: actor.userId });
      await appendActorAction(trx, actor, now, { companyId, kind: 'shift-swap.offer', message: `${actor.name} ha ofrecido su turno en «${event.name}»` });
      return;
    }
    if (input.withUserId === me.id) throw unprocessable(SELF_SWAP_MESSAGE);
    const colleague = person(colleagues, input.withUserId);
    const [theirs] = await repository.findEventsOf(trx, companyId, [input.withEventId]);
    if (!colleague || !theirs || !(await repository.isAssigned(trx, theirs.id, colleague.id))) throw unprocessable(COLLEAGUE_SHIFT_MESSAGE);
    if (Date.parse(theirs.start_time) <= now.getTime()) throw unprocessable(SHIFT_STARTED_MESSAGE);
    await requireEligible(tx, companyId, colleagues, { fromUserId: me.id, fromEvent: event, toUserId: colleague.id, toEvent: theirs });
    await repository.insertSwap(trx, {
      id,
      company_id: companyId,
      kind: 'swap',
      state: 'open',
      from_user_id: me.id,
      from_event_id: event.id,
      to_user_id: colleague.id,
      to_event_id: theirs.id,
      created_at: now.toISOString(),
    });
    await notify(trx, { companyId, recipients: [colleague.id], message: swapProposed(me.name, false, facts), at: now, actorId: actor.userId });
    await appendActorAction(trx, actor, now, { companyId, kind: 'shift-swap.propose', message: `${actor.name} ha propuesto a ${colleague.name} cambiar «${event.name}» por «${theirs.name}»` });
  });
  return (await present(deps.db, companyId, [(await repository.findSwap(deps.db, companyId, id))!]))[0]!;
}

/** What the caller proposed or was named in, and the open offers and proposals they can take now. */
export async function listMySwaps(deps: EventsDeps, actor: Actor): Promise<MySwaps> {
  const companyId = ownCompany(actor);
  const own = await repository.listSwapsOf(deps.db, companyId, actor.userId);
  const proposedToMe = own.filter((row) => row.kind === 'swap' && row.to_user_id === actor.userId && row.state === 'open');
  const offers = (await repository.listSwaps(deps.db, companyId, ['open'], MAX_JUDGED_OFFERS)).filter((row) => row.kind === 'offer' && row.from_user_id !== actor.userId);
  const colleagues = await repository.listColleagues(deps.db, companyId);
  const me = person(colleagues, actor.userId);
  const takeable: repository.ShiftSwapRow[] = [...proposedToMe];
  if (me && offers.length > 0) {
    const events = new Map((await repository.findEventsOf(deps.db, companyId, offers.map((row) => row.from_event_id))).map((event) => [event.id, event]));
    const now = deps.clock().getTime();
    for (const offer of offers) {
      const event = events.get(offer.from_event_id);
      if (!event || Date.parse(event.start_time) <= now) continue;
      const verdict = await judgeEligibility(deps, { companyId, event, categoryIds: person(colleagues, offer.from_user_id)?.categoryIds ?? [], people: [me] });
      if (verdict.get(me.id) === null) takeable.push(offer);
    }
  }
  const mine = own.filter((row) => !proposedToMe.includes(row));
  return { mine: await present(deps.db, companyId, mine), available: await present(deps.db, companyId, takeable) };
}

/**
 * 'Aceptar': the first eligible colleague takes an offer; the named colleague accepts a swap. It
 * then waits for a supervisor; the supervisors and the proposer hear of it.
 */
export async function takeSwap(deps: EventsDeps, actor: Actor, id: string): Promise<ShiftSwap> {
  const companyId = ownCompany(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const swap = await repository.findSwap(trx, companyId, id);
    if (!swap || (swap.kind === 'swap' && swap.to_user_id !== actor.userId)) throw notFound(SWAP_NOT_FOUND_MESSAGE);
    if (swap.from_user_id === actor.userId) throw unprocessable(OWN_OFFER_MESSAGE);
    if (swap.state !== 'open') throw conflict(NOT_OPEN_MESSAGE);
    const events = new Map((await repository.findEventsOf(trx, companyId, [swap.from_event_id, ...(swap.to_event_id ? [swap.to_event_id] : [])])).map((event) => [event.id, event]));
    const fromEvent = events.get(swap.from_event_id);
    if (!fromEvent || Date.parse(fromEvent.start_time) <= now.getTime()) throw conflict(NOT_OPEN_MESSAGE);
    const colleagues = await repository.listColleagues(trx, companyId);
    await requireEligible(tx, companyId, colleagues, { fromUserId: swap.from_user_id, fromEvent, toUserId: actor.userId, toEvent: swap.to_event_id ? events.get(swap.to_event_id) : undefined });
    // Guarded on 'open': of two colleagues at once, the first takes it.
    if (!(await repository.advanceSwap(trx, companyId, id, ['open'], { state: 'taken', to_user_id: actor.userId, taken_at: now.toISOString() }))) throw conflict(NOT_OPEN_MESSAGE);
    const proposerName = person(colleagues, swap.from_user_id)?.name ?? MISSING_USER_NAME;
    const facts = factsOf(fromEvent, deps.timeZone);
    await notify(trx, { companyId, recipients: await companySupervisorIds(trx, companyId), message: swapTaken(actor.name, proposerName, facts, true), at: now, actorId: actor.userId });
    await notify(trx, { companyId, recipients: [swap.from_user_id], message: swapTaken(actor.name, proposerName, facts, false), at: now, actorId: actor.userId });
    await appendActorAction(trx, actor, now, { companyId, kind: 'shift-swap.take', message: `${actor.name} ha aceptado el turno de ${proposerName} en «${fromEvent.name}»` });
  });
  return (await present(deps.db, companyId, [(await repository.findSwap(deps.db, companyId, id))!]))[0]!;
}

/** The proposer withdraws an offer or a proposal not yet decided. */
export async function cancelSwap(deps: EventsDeps, actor: Actor, id: string): Promise<ShiftSwap> {
  const companyId = ownCompany(actor);
  const swap = await repository.findSwap(deps.db, companyId, id);
  if (!swap || swap.from_user_id !== actor.userId) throw notFound(SWAP_NOT_FOUND_MESSAGE);
  if (!(await repository.advanceSwap(deps.db, companyId, id, OPEN_STATES, { state: 'cancelled' }))) throw conflict(ALREADY_DECIDED_MESSAGE);
  return (await present(deps.db, companyId, [(await repository.findSwap(deps.db, companyId, id))!]))[0]!;
}

/** 'Cambios de turno': the company's swaps, those awaiting approval first. */
export async function listCompanySwaps(deps: EventsDeps, actor: Actor, companyId: string | undefined): Promise<ShiftSwapList> {
  const company = await resolveManagedCompany(deps.db, actor, companyId);
  const rows = await repository.listSwaps(deps.db, company.id, ['taken', 'open', 'approved', 'rejected', 'cancelled']);
  const order = (row: repository.ShiftSwapRow) => (row.state === 'taken' ? 0 : row.state === 'open' ? 1 : 2);
  return { items: await present(deps.db, company.id, [...rows].sort((a, b) => order(a) - order(b))) };
}

async function findInScope(db: Kysely<DB>, actor: Actor, id: string): Promise<repository.ShiftSwapRow> {
  const scope = scopeOf(actor);
  const swap = await db.selectFrom('shift_swaps').selectAll().where('id', '=', id).$if(scope.kind === 'company', (q) => q.where('company_id', '=', scope.kind === 'company' ? scope.companyId : '')).executeTakeFirst();
  if (!swap) throw notFound(SWAP_NOT_FOUND_MESSAGE);
  return swap;
}

/**
 * A supervisor's decision. Approval applies both sides in one transaction: the state moves from
 * 'taken' first (so a second or concurrent approval finds it decided and changes nothing), then
 * both people are judged again and each place changes hands through the events' write path, which
 * refuses when someone is no longer on their shift; any refusal rolls back the whole decision.
 */
export async function decideSwap(deps: EventsDeps, actor: Actor, id: string, approve: boolean): Promise<ShiftSwap> {
  if (actor.role !== 'Supervisor' && actor.role !== 'Administrador') throw forbidden();
  const found = await findInScope(deps.db, actor, id);
  const companyId = found.company_id;
  if (found.from_user_id === actor.userId || found.to_user_id === actor.userId) throw forbidden(OWN_DECISION_MESSAGE);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: trx };
    const decided = { state: approve ? ('approved' as const) : ('rejected' as const), decided_at: now.toISOString(), decided_by: actor.userId, decided_by_name: actor.name };
    if (!(await repository.advanceSwap(trx, companyId, id, approve ? ['taken'] : OPEN_STATES, decided))) {
      const current = await repository.findSwap(trx, companyId, id);
      throw conflict(current?.state === 'open' ? NOT_TAKEN_MESSAGE : ALREADY_DECIDED_MESSAGE);
    }
    const swap = (await repository.findSwap(trx, companyId, id))!;
    const events = new Map((await repository.findEventsOf(trx, companyId, [swap.from_event_id, ...(swap.to_event_id ? [swap.to_event_id] : [])])).map((event) => [event.id, event]));
    const fromEvent = events.get(swap.from_event_id)!;
    const parties = [swap.from_user_id, ...(swap.to_user_id ? [swap.to_user_id] : [])];
    if (approve) {
      const toEvent = swap.to_event_id ? events.get(swap.to_event_id) : undefined;
      const taker = swap.to_user_id!;
      if (!(await repository.isAssigned(trx, fromEvent.id, swap.from_user_id)) || (toEvent && !(await repository.isAssigned(trx, toEvent.id, taker)))) throw conflict(PLACES_MOVED_MESSAGE);
      await requireEligible(tx, companyId, await repository.listColleagues(trx, companyId), { fromUserId: swap.from_user_id, fromEvent, toUserId: taker, toEvent });
      const moves = [{ eventId: fromEvent.id, fromUserId: swap.from_user_id, toUserId: taker }];
      if (toEvent) moves.push({ eventId: toEvent.id, fromUserId: taker, toUserId: swap.from_user_id });
      if (!(await handOverShifts(trx, deps.timeZone, actor, { companyId, source: swap.kind, at: now, moves }))) throw conflict(PLACES_MOVED_MESSAGE);
    }
    await notify(trx, { companyId, recipients: parties, message: swapDecided(approve, factsOf(fromEvent, deps.timeZone)), at: now, actorId: actor.userId });
    await appendActorAction(trx, actor, now, {
      companyId,
      kind: approve ? 'shift-swap.approve' : 'shift-swap.reject',
      message: `${actor.name} ha ${approve ? 'aprobado' : 'rechazado'} el cambio del turno en «${fromEvent.name}»`,
    });
  });
  return (await present(deps.db, companyId, [(await repository.findSwap(deps.db, companyId, id))!]))[0]!;
}
