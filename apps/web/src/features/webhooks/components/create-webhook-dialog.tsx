import { webhookEventLabels, webhookEventTypes, type CreateWebhookResponse, type WebhookEventType } from '@jornada/shared/schemas/webhooks';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CopyField, ShownOnceWarning } from '@/components/ui/copy-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCreateWebhook } from '../api/webhooks';

/** The form: the receiver's address and what it hears. */
function WebhookForm({ companyId, onCreated }: { companyId: string | null; onCreated: (created: CreateWebhookResponse) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['fichaje.entrada', 'fichaje.salida']);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setError('Indica una dirección https:// válida.');
    if (events.length === 0) return setError('Elige al menos un tipo de aviso.');
    setError(null);
    create.mutate(
      { url: url.trim(), events, companyId: companyId ?? undefined },
      { onSuccess: onCreated, onError: (failure) => !isSessionEnded(failure) && setError(errorDescription(failure, 'No se pudo crear el webhook.')) },
    );
  };
  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((item) => item !== type)));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="webhook-url" label="Dirección del receptor" error={error ?? undefined} hint="La dirección https:// del programa que recibirá los avisos.">
        <Input id="webhook-url" type="url" inputMode="url" autoComplete="off" placeholder="https://" maxLength={2000} value={url} onChange={(event) => setUrl(event.target.value)} />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Avisos que recibe</legend>
        {webhookEventTypes.map((type) => (
          <label key={type} htmlFor={`webhook-event-${type}`} className="flex min-h-11 items-center gap-3 text-sm">
            <Checkbox id={`webhook-event-${type}`} checked={events.includes(type)} onCheckedChange={(checked) => toggle(type, checked === true)} />
            {webhookEventLabels[type]}
          </label>
        ))}
      </fieldset>
      <DialogFooter>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          Crear webhook
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Nuevo webhook': the form, then its signing key, shown this once. */
export function CreateWebhookDialog({ open, onOpenChange, companyId }: { open: boolean; onOpenChange: (open: boolean) => void; companyId: string | null }) {
  const [created, setCreated] = useState<CreateWebhookResponse | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? 'Webhook creado' : 'Nuevo webhook'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Cada aviso llega firmado: la cabecera Jornada-Signature es v1= y el HMAC-SHA256, con esta clave, de «Jornada-Timestamp.cuerpo».'
              : 'Jornada enviará un POST con JSON a esta dirección cada vez que ocurra lo que elijas, y lo reintentará si no responde con 2xx.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="flex flex-col gap-4">
            <ShownOnceWarning title="Cópiala ahora">La clave de firma no se volverá a mostrar. Guárdala en el programa que recibe los avisos.</ShownOnceWarning>
            <CopyField id="webhook-secret" label="Clave de firma" value={created.secret} copyLabel="Copiar clave" copiedText="Clave copiada al portapapeles." />
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Hecho
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <WebhookForm companyId={companyId} onCreated={setCreated} />
        )}
      </DialogContent>
    </Dialog>
  );
}
