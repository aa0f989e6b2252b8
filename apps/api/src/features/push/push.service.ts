import { createECDH } from 'node:crypto';
import type { PushDevice, PushDeviceList, PushPublicKey, PushSubscriptionInput } from '@jornada/shared/schemas/push';
import type { VapidKeyPair } from '../../config';
import type { Actor } from '../../lib/authorization';
import type { ServiceDeps } from '../../lib/deps';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isAdmittedPushEndpoint } from '../../lib/push-service-hosts';
import { deviceLabelOf } from './device-label';
import * as repository from './push.repository';
import { vapidKeys } from './vapid-keys';

export interface PushDeps extends ServiceDeps {
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, when given (config.vapidKeys). */
  vapid: VapidKeyPair | undefined;
  /** The push services a subscription may point at (config.pushServiceHosts). */
  pushServiceHosts: readonly string[];
}

/** Push reaches people of a company; the platform Administrador has no notifications. */
function companyOf(actor: Actor): string {
  if (!actor.companyId) throw forbidden();
  return actor.companyId;
}

export async function publicKey(deps: PushDeps, actor: Actor): Promise<PushPublicKey> {
  companyOf(actor);
  const keys = await vapidKeys(deps.db, deps.vapid, deps.clock());
  return { publicKey: keys.publicKey };
}

/** This browser, for the acting person: a later subscription of the same browser replaces it. */
export async function subscribe(deps: PushDeps, actor: Actor, input: PushSubscriptionInput, userAgent: string | undefined): Promise<PushDevice> {
  const companyId = companyOf(actor);
  // The server will post to this address: only a browser's push service, never any https host.
  if (!isAdmittedPushEndpoint(input.endpoint, deps.pushServiceHosts)) throw badRequest('Este navegador usa un servicio de avisos que Jornada no admite.');
  const p256dh = input.keys.p256dh.replace(/=+$/, '');
  // A key that is not a point of the curve would make every later send fail: refused now, clearly.
  if (!isCurvePoint(p256dh)) throw badRequest('La suscripción del navegador no es válida.');
  return repository.upsertSubscription(deps.db, {
    id: newId('psh'),
    user_id: actor.userId,
    company_id: companyId,
    endpoint: input.endpoint,
    p256dh,
    auth: input.keys.auth.replace(/=+$/, ''),
    user_agent: userAgent?.slice(0, 300) ?? null,
    device_label: deviceLabelOf(userAgent),
    created_at: deps.clock().toISOString(),
    last_used_at: null,
  });
}

function isCurvePoint(base64url: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

export async function listMine(deps: PushDeps, actor: Actor): Promise<PushDeviceList> {
  return { items: await repository.listForUser(deps.db, actor.userId, companyOf(actor)) };
}

export async function removeMine(deps: PushDeps, actor: Actor, id: string): Promise<void> {
  if (!(await repository.deleteOwn(deps.db, actor.userId, companyOf(actor), id))) throw notFound('No se ha encontrado el dispositivo.');
}
