import { formatDateTime } from '@jornada/shared/format';
import { webhookEventLabels, type WebhookDelivery, type WebhookEventType } from '@jornada/shared/schemas/webhooks';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useWebhookDeliveries } from '../api/webhooks';

export const deliveryStates: Record<WebhookDelivery['status'], { label: string; variant: BadgeVariant }> = {
  pendiente: { label: 'Pendiente', variant: 'warning' },
  entregado: { label: 'Entregado', variant: 'success' },
  fallido: { label: 'Fallido', variant: 'destructive' },
};

export const eventLabel = (type: string) => (type === 'ping' ? 'Prueba' : (webhookEventLabels[type as WebhookEventType] ?? type));

/** 'Envíos': the last 50 deliveries of one webhook, each with its tries and the receiver's last answer. */
export function WebhookDeliveriesDialog({ id, url, open, onOpenChange }: { id: string; url: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const deliveries = useWebhookDeliveries(id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="2xl">
        <DialogHeader>
          <DialogTitle>Envíos del webhook</DialogTitle>
          <DialogDescription className="break-all">{url}</DialogDescription>
        </DialogHeader>
        {deliveries.isError && !deliveries.data ? (
          <Alert variant="destructive">No se pudieron cargar los envíos.</Alert>
        ) : !deliveries.data ? (
          <ListSkeleton rows={3} />
        ) : deliveries.data.items.length === 0 ? (
          <EmptyState>Todavía no se ha enviado nada.</EmptyState>
        ) : (
          <ul className="flex max-h-[60vh] flex-col divide-y overflow-y-auto rounded-md border" aria-label="Envíos">
            {deliveries.data.items.map((delivery) => (
              <li key={delivery.id} className="flex flex-col gap-1 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={deliveryStates[delivery.status].variant}>{deliveryStates[delivery.status].label}</Badge>
                  <span className="font-medium">{eventLabel(delivery.eventType)}</span>
                  <span className="text-muted-foreground tabular-nums">{formatDateTime(delivery.createdAt)}</span>
                </div>
                <p className="text-muted-foreground">
                  {delivery.attempts === 1 ? '1 intento' : `${delivery.attempts} intentos`}
                  {delivery.lastStatusCode !== null && ` · respuesta ${delivery.lastStatusCode}`}
                  {delivery.lastAttemptAt && ` · último el ${formatDateTime(delivery.lastAttemptAt)}`}
                </p>
                {delivery.lastError && <p className="break-words text-destructive">{delivery.lastError}</p>}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
