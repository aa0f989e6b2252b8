import type { ReactNode } from 'react';
import { UpdateBanner } from '@/components/pwa/update-banner';
import { LazyToaster } from '@/components/ui/lazy-toaster';

/*
 * No QueryClientProvider here: the query cache loads with the screens that use it
 * (app/lazy-route.tsx), keeping its library out of the landing and login pages.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
      <UpdateBanner />
    </>
  );
}
