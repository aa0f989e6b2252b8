import { formatDateTime } from '@jornada/shared/format';
import { webhookEventLabels, type WebhookSubscription } from '@jornada/shared/schemas/webhooks';
import { History, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteWebhook, usePingWebhook } from '../api/webhooks';
import { deliveryStates, WebhookDeliveriesDialog } from './webhook-deliveries-dialog';

/** One subscription: where, what, who made it, how its last delivery went; 'Envíos', 'Enviar prueba', 'Eliminar'. */
export function WebhookCard({ webhook }: { webhook: WebhookSubscription }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWebhook();
  const ping = usePingWebhook();
  const host = new URL(webhook.url).host;

  return (
    <Card role="article" aria-label={`Webhook: ${host}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle className="min-w-0 text-base break-all">{webhook.url}</CardTitle>
        {webhook.lastDelivery ? (
          <Badge variant={deliveryStates[webhook.lastDelivery.status].variant}>Último envío: {deliveryStates[webhook.lastDelivery.status].label.toLowerCase()}</Badge>
        ) : (
          <Badge variant="outline">Sin envíos</Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p>{webhook.events.map((type) => webhookEventLabels[type]).join(' · ')}</p>
        <p className="text-muted-foreground">
          Creado por {webhook.createdByName} el {formatDateTime(webhook.createdAt)}
        </p>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setShowDeliveries(true)}>
          <History aria-hidden="true" />
          Envíos
        </Button>
        <Button
          variant="outline"
          disabled={ping.isPending}
          onClick={() => ping.mutate(webhook.id, { onSuccess: () => toast({ title: 'Prueba enviada', description: 'Su resultado aparece en Envíos.' }) })}
        >
          <Send aria-hidden="true" />
          Enviar prueba
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" />
          Eliminar
        </Button>
      </CardFooter>
      <WebhookDeliveriesDialog id={webhook.id} url={webhook.url} open={showDeliveries} onOpenChange={setShowDeliveries} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Eliminar webhook"
        description={`${host} dejará de recibir avisos, y su historial de envíos se borra.`}
        confirmLabel="Eliminar webhook"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(webhook.id, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
