import { getPushDevices, removePushDevice } from '../api/push-requests';
import { currentSubscription, pushSupport } from './browser-push';

/**
 * On sign-out, this browser stops receiving the person's avisos: its device row goes from the
 * server and its subscription from the push service. A shared phone (a venue's, a family's) then
 * never shows the next person what was meant for the previous one; whoever signs in next turns
 * avisos on for themself. Best effort, before the session ends: sign-out goes on whatever fails, and
 * a row left behind dies at its next send, when the push service answers 410 for the dropped
 * subscription.
 */
export async function forgetThisBrowserPush(): Promise<void> {
  if (pushSupport() !== 'supported') return;
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  try {
    const { items } = await getPushDevices();
    const device = items.find((item) => item.endpoint === subscription.endpoint);
    if (device) await removePushDevice(device.id);
  } catch {
    // Not a person with avisos (the Administrador), or offline: the unsubscription below still holds.
  }
  await subscription.unsubscribe().catch(() => false);
}
