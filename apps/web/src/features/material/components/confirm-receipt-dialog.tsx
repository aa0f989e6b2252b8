import { SIGNATURE_REQUIRED_MESSAGE, type MaterialLoan } from '@jornada/shared/schemas/material';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { SignaturePad, type SignaturePadHandle } from '@/components/ui/signature-pad';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useConfirmLoan } from '../api/confirm-loan';
import { SIGNATURE_REQUIRED_TITLE, toastProblem } from '../lib/material-toasts';
import { LoanItems } from './loan-items';

/** 'Confirmar recepción': the employee signs for the material (spec section 5: the signature is required). */
export function ConfirmReceiptDialog({ loan, onClose }: { loan: MaterialLoan; onClose: () => void }) {
  const pad = useRef<SignaturePadHandle>(null);
  const [missing, setMissing] = useState(false);
  const confirm = useConfirmLoan();

  const onConfirm = () => {
    const signature = pad.current?.toDataUrl();
    if (!signature) {
      setMissing(true);
      toastProblem(SIGNATURE_REQUIRED_TITLE, SIGNATURE_REQUIRED_MESSAGE);
      return;
    }
    confirm.mutate(
      { loanId: loan.id, signature },
      {
        onSuccess: () => {
          toast({ title: '¡Material Confirmado!', description: 'Has confirmado la recepción del material.' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !confirm.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirmar recepción</DialogTitle>
          <DialogDescription>Firma para confirmar que has recibido este material de {loan.supervisorName}.</DialogDescription>
        </DialogHeader>
        <LoanItems items={loan.lentItems} />
        <SignaturePad ref={pad} label="Tu firma" onChange={(empty) => !empty && setMissing(false)} disabled={confirm.isPending} />
        <FieldError role="alert">{missing ? SIGNATURE_REQUIRED_MESSAGE : undefined}</FieldError>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={confirm.isPending}>
            Cancelar
          </Button>
          <Button onClick={onConfirm} disabled={confirm.isPending}>
            {confirm.isPending && <Spinner />}
            Confirmar recepción
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
