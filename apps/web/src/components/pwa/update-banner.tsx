import { RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { applyUpdate, getWaiting, subscribeWaiting } from '@/lib/pwa/service-worker';

/** A new version of the app is installed and waits: the person chooses when to reload into it. */
export function UpdateBanner() {
  const waiting = useSyncExternalStore(subscribeWaiting, getWaiting, () => null);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 flex items-center justify-between gap-3 rounded-lg bg-navy px-4 py-3 text-white shadow-lg sm:left-auto sm:w-96"
    >
      <p className="text-sm font-medium">Nueva versión disponible</p>
      <Button size="sm" variant="inverse" onClick={applyUpdate}>
        <RefreshCw aria-hidden="true" />
        Actualizar
      </Button>
    </div>
  );
}
