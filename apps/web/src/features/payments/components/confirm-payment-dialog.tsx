import { formatDuration } from '@jornada/shared/format';
import type { PaymentLine } from '@jornada/shared/schemas/payments';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { monthLabel } from '@/lib/month';
import { useMarkPaid } from '../api/mark-paid';
import { amountText } from '../lib/amount-text';

interface ConfirmPaymentDialogProps {
  line: PaymentLine | null;
  month: string;
  onClose: () => void;
}

/** Asks before recording a payment: paying is final (spec section 4). */
export function ConfirmPaymentDialog({ line, month, onClose }: ConfirmPaymentDialogProps) {
  const markPaid = useMarkPaid();
  return (
    <ConfirmDialog
      open={line !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Confirmar pago"
      description={
        <>
          <span>
            Vas a registrar el pago de <strong className="text-foreground">{line?.name}</strong> de {monthLabel(month).toLowerCase()}.
          </span>
          <span>
            {formatDuration(line?.minutes ?? 0)} · Importe: <strong className="text-foreground">{amountText(line?.amount ?? null)}</strong>
          </span>
          <span>Un pago registrado no se puede deshacer.</span>
        </>
      }
      confirmLabel="Confirmar pago"
      destructive={false}
      pending={markPaid.isPending}
      onConfirm={() =>
        line &&
        markPaid.mutate(
          { userId: line.userId, month },
          {
            onSuccess: () => {
              toast({ title: '¡Pago Registrado!', description: `${line.name} · ${monthLabel(month)}` });
              onClose();
            },
            onError: onClose,
          },
        )
      }
    />
  );
}
