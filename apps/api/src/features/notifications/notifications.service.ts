import type { NotificationPage } from '@jornada/shared/schemas/notifications';
import type { Actor } from '../../lib/authorization';
import { decodeCursor, pageOf } from '../../lib/cursor';
import type { ServiceDeps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import * as repository from './notifications.repository';

const NOT_FOUND = 'No se ha encontrado la notificación.';

/** Notifications live inside a company: a person without one (the platform Administrador) has none. */
function companyOf(actor: Actor): string {
  if (!actor.companyId) throw forbidden();
  return actor.companyId;
}

export async function listMine(deps: ServiceDeps, actor: Actor, query: { cursor?: string; limit: number }): Promise<NotificationPage> {
  const after = query.cursor ? (decodeCursor(query.cursor, 2) as [string, string]) : undefined;
  const rows = await repository.listForUser(deps.db, actor.userId, companyOf(actor), { after, limit: query.limit + 1 });
  return pageOf(rows, query.limit, (row) => [row.createdAt, row.id]);
}

export async function unreadCount(deps: ServiceDeps, actor: Actor): Promise<{ unread: number }> {
  return { unread: await repository.countUnread(deps.db, actor.userId, companyOf(actor)) };
}

export async function markRead(deps: ServiceDeps, actor: Actor, id: string) {
  const notification = await repository.markRead(deps.db, actor.userId, companyOf(actor), id, deps.clock().toISOString());
  if (!notification) throw notFound(NOT_FOUND);
  return notification;
}

export async function markAllRead(deps: ServiceDeps, actor: Actor): Promise<{ marked: number }> {
  return { marked: await repository.markAllRead(deps.db, actor.userId, companyOf(actor), deps.clock().toISOString()) };
}
