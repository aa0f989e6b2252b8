import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Mounts the Radix toaster only once the first toast is raised, keeping its code out of
 * the first visit's JavaScript. The toast store itself is tiny and always loaded.
 */
export function LazyToaster() {
  const { current } = useToast();
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
