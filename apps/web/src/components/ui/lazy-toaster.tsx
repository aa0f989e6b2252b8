import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster only once the first toast is raised, keeping its code out of
 * the first visit's JavaScript. The toast store itself is tiny and always loaded.
 *
 * The host element is always there and carries aria-live: a modal Radix dialog hides
 * everything else from assistive technology (aria-hidden on the rest of the page) but keeps
 * [aria-live] elements, so toasts raised while a dialog is open (a failed save, "Solicitud
 * creada") stay readable. "off" because Radix announces each toast itself.
 */
export function LazyToaster() {
  const { current } = useToast();
  return (
    <div aria-live="off" data-toast-host="">
      {current && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}
