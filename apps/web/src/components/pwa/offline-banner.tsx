import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useSessionState } from '@/lib/session';

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/**
 * 'Sin conexión': the phone has no signal, or the app opened without reaching the server and
 * shows the last data it saved (issue 24). Clock-ins made meanwhile wait on the phone.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { session, offline: openedOffline } = useSessionState();
  const offline = !online || Boolean(openedOffline);
  if (!offline || !session) return null;
  return (
    <div role="status" className="mb-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">Sin conexión</p>
        <p className="text-sm">Ves los últimos datos guardados en este teléfono. Los fichajes se enviarán cuando vuelva la conexión.</p>
      </div>
    </div>
  );
}
