import { useEffect } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { reloadForStaleChunk, willReloadForStaleChunk } from '@/lib/stale-chunk';
import { RouteLoading, useRouteError } from './lazy-route';

/**
 * Shown when a screen crashes or its code cannot be loaded (typically after a new
 * deployment replaced the chunk files); the latter reloads the page by itself, once.
 */
export function RouteError() {
  const error = useRouteError();
  const reloading = willReloadForStaleChunk(error);
  useEffect(() => {
    reloadForStaleChunk(error);
  }, [error]);
  if (import.meta.env.DEV) console.error(error);
  if (reloading) return <RouteLoading />;

  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Algo ha salido mal</h1>
      <p className="max-w-md text-muted-foreground">
        No se ha podido mostrar esta página. Recarga la página o vuelve a intentarlo en unos minutos.
      </p>
      <Button onClick={() => window.location.reload()}>Recargar la página</Button>
    </div>
  );
}
