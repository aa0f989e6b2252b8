import type { PaymentLine, PaymentsResponse } from '@jornada/shared/schemas/payments';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { PaymentCard } from './payment-card';
import { PaymentsSummary } from './payments-summary';

interface PaymentsListProps {
  data: PaymentsResponse;
  /** True while another month's data stands in for the one loading. */
  stale: boolean;
}

/** The month's counts and one card per Empleado; 'Confirmar pago' opens the confirmation. */
export function PaymentsList({ data, stale }: PaymentsListProps) {
  const [paying, setPaying] = useState<PaymentLine | null>(null);
  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <PaymentsSummary pending={data.pendingCount} paid={data.paidCount} />
      {data.items.length === 0 ? (
        <EmptyState icon={<Users />}>No hay empleados en esta empresa.</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3">
          {data.items.map((line) => (
            <li key={line.userId}>
              <PaymentCard line={line} onPay={setPaying} disabled={stale} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmPaymentDialog line={paying} month={data.month} onClose={() => setPaying(null)} />
    </div>
  );
}
