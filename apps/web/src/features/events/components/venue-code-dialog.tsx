import type { Event } from '@jornada/shared/schemas/events';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useVenueCode, type ShownVenueCode } from '../api/get-venue-code';

interface VenueCodeDialogProps {
  event: Event | undefined;
  onOpenChange: (open: boolean) => void;
}

/** Seconds left of the shown code, on the monotonic clock since the server's answer. */
function useSecondsLeft(shown: ShownVenueCode | undefined): number | undefined {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!shown) return undefined;
  return Math.max(0, Math.ceil((shown.leftAtReceipt - (now - shown.receivedAt)) / 1000));
}

/** The QR, drawn on the phone (the qrcode library loads with this view only). */
function VenueQr({ payload }: { payload: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => {
        if (live && canvas.current) return qrcode.toCanvas(canvas.current, payload, { width: 288, margin: 2, errorCorrectionLevel: 'M' });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [payload]);
  if (failed) return <p className="text-sm text-muted-foreground">No se pudo dibujar el código QR: usa las cifras.</p>;
  return <canvas ref={canvas} role="img" aria-label="Código QR del lugar" className="size-64 max-w-full rounded-md bg-white sm:size-72" />;
}

/**
 * 'Código del lugar' on the supervisor's phone (decision 040): a QR and the 6 digits in large type,
 * changing every 30 seconds with the server's window, with a countdown.
 */
export function VenueCodeDialog({ event, onOpenChange }: VenueCodeDialogProps) {
  const { shown, error } = useVenueCode(event?.id);
  const left = useSecondsLeft(shown);
  const digits = shown ? `${shown.code.slice(0, 3)} ${shown.code.slice(3)}` : '';
  return (
    <Dialog open={event !== undefined} onOpenChange={onOpenChange}>
      <DialogContent size="md" className="place-items-center text-center max-sm:h-[calc(100dvh-1rem)] max-sm:w-[calc(100%-1rem)] max-sm:content-center">
        <DialogHeader className="w-full items-center pr-0 text-center">
          <DialogTitle className="text-xl">Código del lugar</DialogTitle>
          <DialogDescription>
            {event?.name}: el personal lo escanea o escribe sus cifras al iniciar el turno.
          </DialogDescription>
        </DialogHeader>
        {error && (
          <Alert variant="destructive" className="text-left">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}
        {!error && !shown && <Skeleton className="size-64 rounded-md sm:size-72" />}
        {shown && (
          <>
            <VenueQr payload={shown.qrPayload} />
            <p className="font-mono text-5xl font-bold tracking-widest tabular-nums sm:text-6xl">
              {digits}
            </p>
            <p className="text-sm text-muted-foreground tabular-nums" aria-live="off">
              {left === undefined || left === 0 ? 'Cambiando…' : `Cambia en ${left} s`}
            </p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
