import type { PaymentLine, PaymentsResponse } from '@jornada/shared/schemas/payments';
import type { PayrollResponse } from '@jornada/shared/schemas/payroll';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { PaymentCard } from './payment-card';
import { PaymentsSummary } from './payments-summary';
import { PayrollSection } from './payroll-section';

interface PaymentsListProps {
  data: PaymentsResponse;
  /** True while another month's data stands in for the one loading. */
  stale: boolean;
  /** The month's sheet by concept, once loaded. */
  payroll?: PayrollResponse;
  companyId?: string | null;
}

/** The month's counts and one card per Empleado; 'Confirmar pago' opens the confirmation. */
export function PaymentsList({ data, stale, payroll, companyId = null }: PaymentsListProps) {
  const [paying, setPaying] = useState<PaymentLine | null>(null);
  // Desktop: the concepts in one table above the cards; phone and tablet: in each card.
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const payrollOf = new Map((payroll?.month === data.month ? payroll.lines : []).map((line) => [line.userId, line]));
  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', stale && 'opacity-60')} aria-busy={stale}>
      <PaymentsSummary pending={data.pendingCount} paid={data.paidCount} />
      {payroll && <PayrollSection data={payroll} companyId={companyId} stale={stale} showTable={isDesktop} />}
      {data.items.length === 0 ? (
        <EmptyState icon={<Users />}>No hay empleados en esta empresa.</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 2xl:grid-cols-3">
          {data.items.map((line) => (
            <li key={line.userId}>
              <PaymentCard line={line} onPay={setPaying} disabled={stale} payroll={isDesktop ? undefined : payrollOf.get(line.userId)} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmPaymentDialog line={paying} month={data.month} onClose={() => setPaying(null)} />
    </div>
  );
}
