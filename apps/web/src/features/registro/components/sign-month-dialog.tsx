import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { SignaturePad, type SignaturePadHandle } from '@/components/ui/signature-pad';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSignMyMonth } from '../api/sign-my-month';

const SIGNATURE_MISSING = 'Firma el registro antes de enviarlo.';

/**
 * 'Firmar el mes': the worker confirms the month's record with the pad; it cannot be undone.
 * `newVersion`: the month changed after it was signed; the new signature joins the old one.
 */
export function SignMonthDialog({ month, monthLabel, newVersion = false, onClose }: { month: string; monthLabel: string; newVersion?: boolean; onClose: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const [missing, setMissing] = useState(false);
  const sign = useSignMyMonth();

  const onSign = () => {
    const signature = pad.current?.toDataUrl();
    if (!signature) {
      setMissing(true);
      return;
    }
    sign.mutate(
      { month, signature },
      {
        onSuccess: () => {
          toast({ title: 'Registro firmado', description: `Has firmado ${newVersion ? 'la nueva versión de ' : ''}tu registro de jornada de ${monthLabel}.` });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !sign.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{newVersion ? `Firmar la nueva versión de ${monthLabel}` : `Firmar el registro de ${monthLabel}`}</DialogTitle>
          <DialogDescription>
            Con tu firma confirmas que las horas del mes son correctas. Se guardan la firma y la fecha; no se puede deshacer.
            {newVersion && ' Tu firma anterior se conserva, marcada como sustituida.'}
          </DialogDescription>
        </DialogHeader>
        <SignaturePad ref={pad} label="Tu firma" onChange={(empty) => !empty && setMissing(false)} disabled={sign.isPending} />
        <FieldError role="alert">{missing ? SIGNATURE_MISSING : undefined}</FieldError>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={sign.isPending}>
            Cancelar
          </Button>
          <Button onClick={onSign} disabled={sign.isPending}>
            {sign.isPending && <Spinner />}
            {newVersion ? 'Firmar la nueva versión' : 'Firmar el mes'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
