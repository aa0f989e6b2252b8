import { parseVenueQrPayload } from '@jornada/shared/schemas/venue-code';
import { Play, ScanLine } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { startQrScan } from '../lib/scan-qr';

export interface VenueCodeEntryProps {
  /** The event being clocked in to; the dialog is open while set. */
  eventId: string | undefined;
  /** The server's refusal of the last code (wrong, expired), shown in the dialog. */
  error: string | undefined;
  pending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

const OTHER_EVENT_MESSAGE = 'Este código QR es de otro evento.';
const NOT_A_CODE_MESSAGE = 'Este código QR no es un código del lugar.';
const SIX_DIGITS_MESSAGE = 'El código del lugar son 6 cifras.';

/** The camera view while scanning; a QR read is handed up once. */
function Scanner({ onText, onFailed }: { onText: (text: string) => void; onFailed: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef({ onText, onFailed });
  useEffect(() => {
    handlers.current = { onText, onFailed };
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    if (video.current) {
      startQrScan(video.current, (text) => handlers.current.onText(text)).then(
        (stopScan) => (live ? (stop = stopScan) : stopScan()),
        (error: unknown) => live && handlers.current.onFailed(error instanceof Error ? error.message : String(error)),
      );
    }
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return <video ref={video} aria-label="Cámara: apunta al código QR del lugar" className="aspect-square w-full rounded-md bg-slate-900 object-cover" muted playsInline />;
}

/**
 * 'Código del lugar' before 'Iniciar Turno' (decision 040): scan the supervisor's QR or type its 6
 * digits. A refused code shows the server's reason here, and the worker tries again.
 */
export function VenueCodeEntryDialog({ eventId, error, pending, onSubmit, onCancel }: VenueCodeEntryProps) {
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [localError, setLocalError] = useState<string>();
  const open = eventId !== undefined;
  const shownError = localError ?? error;

  // Each opening starts empty (a refused code stays, to be corrected).
  const [lastEventId, setLastEventId] = useState<string>();
  if (eventId !== lastEventId) {
    setLastEventId(eventId);
    setCode('');
    setScanning(false);
    setLocalError(undefined);
  }

  const send = (digits: string) => {
    if (!/^\d{6}$/.test(digits)) {
      setLocalError(SIX_DIGITS_MESSAGE);
      return;
    }
    setLocalError(undefined);
    onSubmit(digits);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(code);
  };
  const scanned = (text: string) => {
    const read = parseVenueQrPayload(text);
    if (!read || read.eventId !== eventId) {
      setLocalError(read ? OTHER_EVENT_MESSAGE : NOT_A_CODE_MESSAGE);
      return;
    }
    setScanning(false);
    setCode(read.code);
    send(read.code);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Código del lugar</DialogTitle>
          <DialogDescription>Este evento pide el código del lugar: escanéalo o escribe sus 6 cifras.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {scanning ? (
            <Scanner
              onText={scanned}
              onFailed={(message) => {
                setScanning(false);
                setLocalError(message);
              }}
            />
          ) : (
            <Button
              type="button"
              variant="outline"
              size="lg"
              onClick={() => {
                setLocalError(undefined);
                setScanning(true);
              }}
              disabled={pending}
            >
              <ScanLine aria-hidden="true" />
              Escanear
            </Button>
          )}
          <FormField id="venue-code-input" label="Escribe las 6 cifras">
            <Input
              id="venue-code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              className="text-center font-mono text-2xl tracking-[0.4em]"
              {...fieldAria('venue-code-input', shownError)}
            />
          </FormField>
          {shownError && (
            <Alert variant="destructive" id="venue-code-input-error">
              <AlertDescription>{shownError}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" size="lg" onClick={onCancel} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" size="lg" disabled={pending}>
              {pending ? <Spinner /> : <Play aria-hidden="true" className="fill-current" />}
              {pending ? 'Iniciando...' : 'Iniciar Turno'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
