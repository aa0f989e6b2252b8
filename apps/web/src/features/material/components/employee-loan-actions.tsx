import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { Check, PackageCheck, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useConfirmReturn } from '../api/confirm-return';
import { useDenyLoan } from '../api/deny-loan';
import { ConfirmReceiptDialog } from './confirm-receipt-dialog-lazy';

type Open = 'confirm' | 'deny' | 'return' | null;

/**
 * The employee's answers to a loan (spec section 4): confirm the receipt with a signature or deny it
 * while it waits for them, and confirm the return the supervisor asked for.
 */
export function EmployeeLoanActions({ loan }: { loan: MaterialLoan }) {
  const [open, setOpen] = useState<Open>(null);
  const deny = useDenyLoan();
  const giveBack = useConfirmReturn();
  const close = () => setOpen(null);

  if (loan.status === 'Pendiente de confirmación') {
    return (
      <>
        <Button onClick={() => setOpen('confirm')} onPointerEnter={ConfirmReceiptDialog.preload} onFocus={ConfirmReceiptDialog.preload}>
          <Check aria-hidden="true" />
          Confirmar recepción
        </Button>
        <Button variant="destructive-outline" onClick={() => setOpen('deny')}>
          <X aria-hidden="true" />
          Denegar
        </Button>
        {open === 'confirm' && (
          <Suspense fallback={null}>
            <ConfirmReceiptDialog loan={loan} onClose={close} />
          </Suspense>
        )}
        <ConfirmDialog
          open={open === 'deny'}
          onOpenChange={(next) => !next && close()}
          title="Denegar recepción"
          description={<span>Indicarás que no has recibido este material de {loan.supervisorName}; volverá al stock de la empresa.</span>}
          confirmLabel="Denegar recepción"
          pending={deny.isPending}
          onConfirm={() =>
            deny.mutate(loan.id, {
              onSuccess: () => {
                toast({ title: 'Respuesta enviada', description: 'Has denegado la recepción del material.' });
                close();
              },
            })
          }
        />
      </>
    );
  }

  if (loan.status === 'Pendiente de devolución') {
    return (
      <>
        <Button onClick={() => setOpen('return')}>
          <PackageCheck aria-hidden="true" />
          Confirmar devolución
        </Button>
        <ConfirmDialog
          open={open === 'return'}
          onOpenChange={(next) => !next && close()}
          title="Confirmar devolución"
          description={<span>¿Has devuelto este material a {loan.supervisorName}? Volverá al stock de la empresa.</span>}
          confirmLabel="Confirmar devolución"
          destructive={false}
          pending={giveBack.isPending}
          onConfirm={() =>
            giveBack.mutate(loan.id, {
              onSuccess: () => {
                toast({ title: 'Material devuelto', description: 'Has confirmado la devolución del material.' });
                close();
              },
            })
          }
        />
      </>
    );
  }
  return null;
}
