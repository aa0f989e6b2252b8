import type { Kysely } from 'kysely';
import {
  defaultChannelPreference,
  deliveryChannels,
  notificationKinds,
  type DeliveryChannelName,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '@jornada/shared/schemas/notifications';
import type { DB } from '../../db/schema';

/**
 * The channels each of `userIds` wants for `kind`: their stored choice, else the shared default.
 * E-mail only for a person with an address.
 */
export async function wantedChannels(db: Kysely<DB>, userIds: readonly string[], kind: string): Promise<Map<string, DeliveryChannelName[]>> {
  const wanted = new Map<string, DeliveryChannelName[]>();
  if (userIds.length === 0) return wanted;
  const [users, choices] = await Promise.all([
    db.selectFrom('users').select(['id', 'email']).where('id', 'in', [...userIds]).execute(),
    db.selectFrom('notification_preferences').select(['user_id', 'channel', 'enabled']).where('user_id', 'in', [...userIds]).where('kind', '=', kind).execute(),
  ]);
  const chosen = new Map(choices.map((row) => [`${row.user_id} ${row.channel}`, row.enabled === 1]));
  for (const user of users) {
    const channels = deliveryChannels.filter((channel) => {
      if (channel === 'email' && !user.email?.trim()) return false;
      return chosen.get(`${user.id} ${channel}`) ?? defaultChannelPreference(kind, channel);
    });
    wanted.set(user.id, channels);
  }
  return wanted;
}

/** Every kind with the person's choice or the default, for 'Mi Cuenta → Notificaciones'. */
export async function preferencesOf(db: Kysely<DB>, userId: string): Promise<NotificationPreferences> {
  const [user, choices] = await Promise.all([
    db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('notification_preferences').select(['kind', 'channel', 'enabled']).where('user_id', '=', userId).execute(),
  ]);
  const chosen = new Map(choices.map((row) => [`${row.kind} ${row.channel}`, row.enabled === 1]));
  const pick = (kind: string, channel: DeliveryChannelName) => chosen.get(`${kind} ${channel}`) ?? defaultChannelPreference(kind, channel);
  return {
    items: notificationKinds.map((kind) => ({ kind, email: pick(kind, 'email'), push: pick(kind, 'push') })),
    hasEmail: Boolean(user?.email?.trim()),
  };
}

/** Stores the given kinds' choices (each channel of each row), in one transaction; kinds not given keep theirs. */
export async function savePreferences(db: Kysely<DB>, userId: string, update: UpdateNotificationPreferences): Promise<void> {
  if (update.items.length === 0) return;
  const rows = update.items.flatMap((item) => deliveryChannels.map((channel) => ({ user_id: userId, kind: item.kind, channel, enabled: item[channel] ? 1 : 0 })));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_preferences')
      .values(rows)
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })))
      .execute();
  });
}
