import type { CreatedCalendarFeed } from '@jornada/shared/schemas/calendar-feed';
import { formatDateTime } from '@jornada/shared/format';
import { CalendarPlus, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { CopyField, ShownOnceWarning } from '@/components/ui/copy-field';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorDescription, isSessionEnded } from '@/lib/error-message';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

type Asking = 'replace' | 'revoke' | null;

/** How to subscribe, for the two calendars staff carry: Android's Google Calendar and the iPhone's. */
function HowToSubscribe() {
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
      <li>
        <strong className="font-medium text-foreground">Google Calendar</strong>: en el ordenador, «Otros calendarios» › «+» › «Desde URL», y pega la dirección.
      </li>
      <li>
        <strong className="font-medium text-foreground">iPhone</strong>: toca «Abrir en el calendario», o en Ajustes › Calendario › Cuentas › «Añadir calendario suscrito».
      </li>
    </ul>
  );
}

/** The new address, shown this once. */
function CreatedAddress({ feed, onDone }: { feed: CreatedCalendarFeed; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <ShownOnceWarning title="Cópiala ahora">Por seguridad, la dirección no se guarda y no se volverá a mostrar. Quien la tenga verá tus turnos: no la compartas.</ShownOnceWarning>
      <CopyField id="calendar-feed-url" label="Dirección del calendario" value={feed.url} copyLabel="Copiar dirección" copiedText="Dirección copiada al portapapeles." />
      <HowToSubscribe />
      <DialogFooter>
        <a href={feed.webcalUrl} className={buttonClasses('outline')}>
          <ExternalLink aria-hidden="true" />
          Abrir en el calendario
        </a>
        <Button onClick={onDone}>Hecho</Button>
      </DialogFooter>
    </div>
  );
}

/**
 * 'Calendario en tu móvil' (issue 28 item 6, docs/decisions/047): a private ICS address of the
 * person's shifts for Google or Apple Calendar; made, replaced and revoked here.
 */
export function CalendarFeedDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedCalendarFeed | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [error, setError] = useState<string | null>(null);
  const feed = useCalendarFeed(open);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const pending = create.isPending || revoke.isPending;

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setCreated(null);
      setAsking(null);
      setError(null);
    }
  };
  const fail = (failure: unknown, fallback: string) => {
    if (!isSessionEnded(failure)) setError(errorDescription(failure, fallback));
  };
  const makeAddress = () => {
    setError(null);
    create.mutate(undefined, {
      onSuccess: (result) => {
        setAsking(null);
        setCreated(result);
      },
      onError: (failure) => fail(failure, 'No se pudo crear la dirección.'),
    });
  };
  const revokeAddress = () => {
    setError(null);
    revoke.mutate(undefined, { onSuccess: () => setAsking(null), onError: (failure) => fail(failure, 'No se pudo revocar la dirección.') });
  };

  const body = () => {
    if (created) return <CreatedAddress feed={created} onDone={() => onOpenChange(false)} />;
    if (feed.isError && !feed.data)
      return (
        <Alert variant="destructive">
          No se pudo comprobar tu calendario.{' '}
          <Button variant="link" onClick={() => void feed.refetch()}>
            Reintentar
          </Button>
        </Alert>
      );
    if (!feed.data) return <ListSkeleton rows={2} />;
    if (!feed.data.active)
      return (
        <div className="flex flex-col gap-4">
          <HowToSubscribe />
          <DialogFooter>
            <Button onClick={makeAddress} disabled={pending}>
              {create.isPending ? <Spinner /> : <CalendarPlus aria-hidden="true" />}
              Crear dirección
            </Button>
          </DialogFooter>
        </div>
      );
    if (asking)
      return (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {asking === 'replace'
              ? 'La dirección actual dejará de funcionar y tendrás que suscribirte otra vez con la nueva.'
              : 'Los calendarios suscritos dejarán de recibir tus turnos.'}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => setAsking(null)} disabled={pending}>
              Cancelar
            </Button>
            {asking === 'replace' ? (
              <Button onClick={makeAddress} disabled={pending}>
                {create.isPending && <Spinner />}
                Crear dirección nueva
              </Button>
            ) : (
              <Button variant="destructive" onClick={revokeAddress} disabled={pending}>
                {revoke.isPending && <Spinner />}
                Revocar dirección
              </Button>
            )}
          </DialogFooter>
        </div>
      );
    return (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Creada</dt>
          <dd>{feed.data.createdAt ? formatDateTime(feed.data.createdAt) : '—'}</dd>
          <dt className="text-muted-foreground">Última lectura</dt>
          <dd>{feed.data.lastUsedAt ? formatDateTime(feed.data.lastUsedAt) : 'Ningún calendario la ha leído todavía'}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">La dirección solo se muestra al crearla. Si la has perdido, crea una nueva.</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => setAsking('revoke')}>
            Revocar
          </Button>
          <Button onClick={() => setAsking('replace')}>Crear dirección nueva</Button>
        </DialogFooter>
      </div>
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarPlus aria-hidden="true" />
          Calendario en tu móvil
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{created ? 'Dirección creada' : 'Calendario en tu móvil'}</DialogTitle>
          <DialogDescription>Tus turnos en Google Calendar o en el calendario del iPhone, actualizados solos. Es una dirección privada, solo para ti.</DialogDescription>
        </DialogHeader>
        {error && (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        )}
        {body()}
      </DialogContent>
    </Dialog>
  );
}
