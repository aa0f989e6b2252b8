import { useEffect, useId, useState } from 'react';
import { BellRing, Smartphone } from 'lucide-react';
import { formatDateTime } from '@jornada/shared/format';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { errorDescription } from '@/lib/error-message';
import { pushKeys, usePushDevices, useRemovePushDevice } from '../api/push-devices';
import { getPushPublicKey, savePushSubscription } from '../api/push-requests';
import { currentSubscription, DENIED_MESSAGE, notificationPermission, pushSupport, PushSetupError, subscribeThisBrowser, unsubscribeThisBrowser } from '../lib/browser-push';

const SUPPORT_MESSAGES = {
  insecure: 'Los avisos solo funcionan cuando Jornada se abre con una conexión segura (una dirección que empieza por https://).',
  unsupported: 'Este navegador no admite avisos. Prueba con Chrome, Edge o Firefox; en iPhone y iPad, con Safari desde iOS 16.4 y Jornada añadida a la pantalla de inicio.',
} as const;

/**
 * Mi Cuenta → 'Avisos en este dispositivo' (docs/decisions/037): turn Web Push on for this browser,
 * and see and remove every device that receives them.
 */
export function PushDevicesSection() {
  const titleId = useId();
  const support = pushSupport();
  const [permission, setPermission] = useState<NotificationPermission>(() => (support === 'supported' ? notificationPermission() : 'default'));
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (support !== 'supported') return;
    let active = true;
    currentSubscription()
      .then((subscription) => {
        if (active) setThisEndpoint(subscription?.endpoint ?? null);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [support]);

  const items = devices.data?.items ?? [];
  const thisIsOn = thisEndpoint !== null && items.some((device) => device.endpoint === thisEndpoint);

  async function activate() {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      const { publicKey } = await getPushPublicKey();
      const subscription = await subscribeThisBrowser(publicKey);
      await savePushSubscription(subscription);
      setThisEndpoint(subscription.endpoint);
      setDone('Avisos activados en este dispositivo.');
      await queryClient.invalidateQueries({ queryKey: pushKeys.all });
    } catch (error) {
      if (error instanceof PushSetupError && error.step === 'permission') setPermission(notificationPermission());
      setFailure(error instanceof PushSetupError ? error.message : errorDescription(error, 'No se pudieron activar los avisos. Inténtalo de nuevo.'));
    } finally {
      setBusy(false);
    }
  }

  async function removeDevice(id: string, endpoint: string) {
    setFailure(null);
    setDone(null);
    if (endpoint === thisEndpoint) await unsubscribeThisBrowser(endpoint);
    remove.mutate(id, {
      onSuccess: () => {
        if (endpoint === thisEndpoint) setThisEndpoint(null);
        setDone('Dispositivo quitado: ya no recibirá avisos.');
      },
      onError: (error) => setFailure(errorDescription(error, 'No se pudo quitar el dispositivo. Inténtalo de nuevo.')),
    });
  }

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader>
          <CardTitle id={titleId}>Avisos en este dispositivo</CardTitle>
          <CardDescription>Recibe en el móvil o el ordenador los avisos de Jornada (turnos, cambios, vacaciones…) aunque no tengas la aplicación abierta.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {support !== 'supported' ? (
            <Alert>
              <AlertDescription>{SUPPORT_MESSAGES[support]}</AlertDescription>
            </Alert>
          ) : permission === 'denied' && !thisIsOn ? (
            <Alert variant="destructive">
              <AlertDescription>{DENIED_MESSAGE}</AlertDescription>
            </Alert>
          ) : thisIsOn ? (
            <p className="flex items-center gap-2 text-sm">
              <BellRing aria-hidden className="size-4 text-primary" />
              Los avisos están activados en este dispositivo.
            </p>
          ) : (
            <div>
              <Button type="button" onClick={() => void activate()} disabled={busy}>
                <BellRing aria-hidden />
                {busy ? 'Activando…' : 'Activar avisos'}
              </Button>
            </div>
          )}
          {failure && permission !== 'denied' && (
            <Alert variant="destructive">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          )}
          <p role="status" className="text-sm text-muted-foreground empty:hidden">
            {done}
          </p>
          <DeviceList
            state={devices.isPending ? 'loading' : devices.isError ? 'error' : 'ready'}
            items={items}
            thisEndpoint={thisEndpoint}
            removingId={remove.isPending ? remove.variables : undefined}
            onRemove={(id, endpoint) => void removeDevice(id, endpoint)}
          />
        </CardContent>
      </Card>
    </section>
  );
}

function DeviceList({
  state,
  items,
  thisEndpoint,
  removingId,
  onRemove,
}: {
  state: 'loading' | 'error' | 'ready';
  items: { id: string; endpoint: string; deviceLabel: string; createdAt: string }[];
  thisEndpoint: string | null;
  removingId: string | undefined;
  onRemove: (id: string, endpoint: string) => void;
}) {
  if (state === 'loading') return <ListSkeleton rows={1} rowClassName="h-14" />;
  if (state === 'error') return <EmptyState>No se pudieron cargar tus dispositivos.</EmptyState>;
  if (items.length === 0) return <EmptyState icon={Smartphone}>Ningún dispositivo recibe avisos todavía.</EmptyState>;
  return (
    <ul aria-label="Dispositivos con avisos" className="flex flex-col divide-y divide-border rounded-md border border-border">
      {items.map((device) => (
        <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              {device.deviceLabel}
              {device.endpoint === thisEndpoint && <Badge variant="secondary">Este dispositivo</Badge>}
            </p>
            <p className="text-xs text-muted-foreground">Activado el {formatDateTime(device.createdAt)}</p>
          </div>
          <Button type="button" variant="outline" size="sm" aria-label={`Quitar ${device.deviceLabel}`} disabled={removingId === device.id} onClick={() => onRemove(device.id, device.endpoint)}>
            Quitar
          </Button>
        </li>
      ))}
    </ul>
  );
}
