import { confirmVacationRequestSchema, type Vacation } from '@jornada/shared/schemas/vacations';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SignaturePad, type SignaturePadHandle } from '@/components/ui/signature-pad';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useConfirmVacation } from '../api/confirm-vacation';
import { VacationDaysList } from './vacation-days-list';

interface ConfirmVacationDialogProps {
  vacation: Vacation | null;
  onClose: () => void;
}

/** The employee accepts a supervisor's proposal by signing it (spec section 5: a signature is required). */
export function ConfirmVacationDialog({ vacation, onClose }: ConfirmVacationDialogProps) {
  const pad = useRef<SignaturePadHandle>(null);
  const confirm = useConfirmVacation();
  // The toast sits outside the modal (hidden from screen readers while it is open): say it inside too.
  const [missing, setMissing] = useState<string | null>(null);
  const close = () => {
    setMissing(null);
    onClose();
  };

  const submit = () => {
    if (!vacation) return;
    const parsed = confirmVacationRequestSchema.safeParse({ signature: pad.current?.toDataUrl() ?? '' });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      toast({ variant: 'destructive', title: 'Firma requerida', description: message });
      setMissing(message);
      return;
    }
    confirm.mutate(
      { id: vacation.id, signature: parsed.data.signature },
      {
        onSuccess: () => {
          toast({ title: 'Respuesta Enviada', description: 'Has confirmado las vacaciones.' });
          close();
        },
      },
    );
  };

  return (
    <Dialog open={vacation !== null} onOpenChange={(open) => !open && !confirm.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirmar vacaciones</DialogTitle>
          <DialogDescription>
            {vacation?.supervisorName ?? 'Tu supervisor'} te propone estos días de vacaciones. Fírmalos para confirmarlos.
          </DialogDescription>
        </DialogHeader>
        {vacation && <VacationDaysList dates={vacation.dates} />}
        <SignaturePad ref={pad} label="Tu firma" disabled={confirm.isPending} onChange={(empty) => !empty && setMissing(null)} />
        <FieldError role="alert">{missing}</FieldError>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={confirm.isPending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button onClick={submit} disabled={confirm.isPending}>
            {confirm.isPending && <Spinner />}
            Confirmar vacaciones
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
