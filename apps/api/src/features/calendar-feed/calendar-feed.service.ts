import ical, { ICalCalendarMethod } from 'ical-generator';
import type { CalendarFeed, CreatedCalendarFeed } from '@jornada/shared/schemas/calendar-feed';
import { requireRole, type Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { appendActorAction } from '../../ledgers/action-log/action-log';
import * as feeds from './calendar-feed.repository';

/** Who has shifts, and so a calendar of them: the roles of 'Mis Turnos'. */
export const FEED_ROLES = ['Empleado', 'Supervisor'] as const;
export const FEED_NOT_FOUND = 'No se ha encontrado el calendario.';
/** What a subscribed calendar shows: the last 60 days and everything ahead, at most 500 shifts. */
const PAST_DAYS = 60;
const MAX_SHIFTS = 500;
/** Calendar apps poll on their own schedule; this asks for at most an hour between reads. */
const REFRESH_SECONDS = 3600;

export interface CalendarFeedDeps extends ServiceDeps {
  publicUrl: string;
}

function ownCompany(actor: Actor): string {
  requireRole(actor, FEED_ROLES);
  if (actor.companyId === null) throw forbidden();
  return actor.companyId;
}

function toFeed(row: feeds.CalendarFeedRow | undefined): CalendarFeed {
  return { active: row !== undefined, createdAt: row?.created_at ?? null, lastUsedAt: row?.last_used_at ?? null };
}

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/public/calendar/${token}.ics`;
}

export async function getCalendarFeed(deps: CalendarFeedDeps, actor: Actor): Promise<CalendarFeed> {
  ownCompany(actor);
  return toFeed(await feeds.findFeedOf(deps.db, actor.userId));
}

/** A new private address; any previous one stops working. The secret is in this answer only. */
export async function createCalendarFeed(deps: CalendarFeedDeps, actor: Actor): Promise<CreatedCalendarFeed> {
  const companyId = ownCompany(actor);
  const token = newSecretToken();
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const previous = await feeds.findFeedOf(trx, actor.userId);
    await feeds.replaceFeed(trx, { userId: actor.userId, companyId, tokenHash: hashSecretToken(token), createdAt: now.toISOString() });
    await appendActorAction(trx, actor, now, {
      companyId,
      kind: 'calendar-feed.create',
      message: previous ? `${actor.name} ha cambiado la dirección de su calendario de turnos` : `${actor.name} ha creado la dirección de su calendario de turnos`,
    });
  });
  const url = feedUrl(deps.publicUrl, token);
  return { active: true, createdAt: now.toISOString(), lastUsedAt: null, url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

export async function revokeCalendarFeed(deps: CalendarFeedDeps, actor: Actor): Promise<CalendarFeed> {
  const companyId = ownCompany(actor);
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await feeds.deleteFeed(trx, actor.userId))) throw notFound(FEED_NOT_FOUND);
    await appendActorAction(trx, actor, now, { companyId, kind: 'calendar-feed.revoke', message: `${actor.name} ha revocado la dirección de su calendario de turnos` });
  });
  return toFeed(undefined);
}

/**
 * The ICS text a calendar app reads. An unknown, revoked or no longer valid address answers 404, the
 * same for every reason, so an address tells nothing about the account behind it.
 */
export async function renderCalendarFeed(deps: CalendarFeedDeps, file: string): Promise<string> {
  const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
  if (!token) throw notFound(FEED_NOT_FOUND);
  const owner = await feeds.findFeedOwner(deps.db, hashSecretToken(token));
  if (!owner) throw notFound(FEED_NOT_FOUND);
  const now = deps.clock();
  const shifts = await feeds.listFeedShifts(deps.db, {
    ...owner,
    from: new Date(now.getTime() - PAST_DAYS * 86_400_000).toISOString(),
    limit: MAX_SHIFTS,
  });
  await feeds.touchFeed(deps.db, owner.userId, now.toISOString());

  const host = new URL(deps.publicUrl).host;
  const calendar = ical({
    name: 'Mis turnos · Jornada',
    description: 'Los turnos que tienes asignados en Jornada.',
    prodId: { company: 'Jornada', product: 'Turnos', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  for (const shift of shifts) {
    calendar.createEvent({
      // Stable per event: a calendar app updates the same entry when times or the name change.
      id: `${shift.id}@${host}`,
      start: new Date(shift.start_time),
      end: new Date(shift.finished_early_at ?? shift.end_time),
      stamp: now,
      summary: shift.name,
      location: shift.location || null,
      description: `Turno en ${shift.company_name}.`,
      url: `${deps.publicUrl}/dashboard/shifts`,
    });
  }
  return calendar.toString();
}
