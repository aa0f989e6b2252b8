import { formatDuration, formatHourlyPrice, formatLongDate } from '@jornada/shared/format';
import type { PaymentLine } from '@jornada/shared/schemas/payments';
import { PAYMENT_ALREADY_RECORDED_MESSAGE } from '@jornada/shared/schemas/payments';
import { CircleCheck, Mail, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { amountText } from '../lib/amount-text';
import { MISMATCH_LABEL, RecordMismatch } from './record-mismatch';
import type { PayrollLine } from '@jornada/shared/schemas/payroll';
import { PayrollConcepts } from '@/components/payroll/payroll-concepts';

interface PaymentCardProps {
  line: PaymentLine;
  onPay: (line: PaymentLine) => void;
  disabled?: boolean;
  /** The month's concepts of this employee: shown in the card below the desktop breakpoint (the desktop has the table). */
  payroll?: PayrollLine;
}

/** One Empleado's month: hours, hourly price, amount, and 'Confirmar pago' until it is paid. */
export function PaymentCard({ line, onPay, disabled = false, payroll }: PaymentCardProps) {
  const headingId = `payment-${line.userId}`;
  const paid = line.status === 'paid';
  const mismatchId = `payment-mismatch-${line.userId}`;
  return (
    <Card role="article" aria-labelledby={headingId} className="flex h-full flex-col gap-4 p-4">
      <div>
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="min-w-0 flex-1 basis-40 font-semibold break-words">
            {line.name}
          </h3>
          <span className="flex flex-wrap gap-1">
            {paid ? <Badge variant="success">Pagado</Badge> : <Badge variant="warning">Pendiente</Badge>}
            {line.mismatch && (
              <Badge variant="warning" aria-describedby={mismatchId}>
                {MISMATCH_LABEL}
              </Badge>
            )}
          </span>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Correo: </span>
          <span className="min-w-0 [overflow-wrap:anywhere]">{line.email ?? 'Sin correo'}</span>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-sm">
        <div className="min-w-0">
          <dt className="text-muted-foreground">Horas</dt>
          <dd className="font-semibold tabular-nums">{formatDuration(line.minutes)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">Precio</dt>
          <dd className="font-semibold break-words tabular-nums">{formatHourlyPrice(line.price)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">Importe</dt>
          <dd className="font-semibold break-words tabular-nums">{amountText(line.amount)}</dd>
        </div>
      </dl>
      {payroll && <PayrollConcepts line={payroll} />}
      {line.mismatch && <RecordMismatch line={line} id={mismatchId} />}
      <div className="mt-auto">
        {paid ? (
          <p className="flex items-start gap-2 text-sm text-green-800">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {PAYMENT_ALREADY_RECORDED_MESSAGE}
              {line.paidAt && <span className="block text-muted-foreground">Pagado el {formatLongDate(line.paidAt)}</span>}
            </span>
          </p>
        ) : (
          <Button className="w-full sm:w-auto" onClick={() => onPay(line)} disabled={disabled}>
            <Wallet aria-hidden="true" />
            Confirmar pago
          </Button>
        )}
      </div>
    </Card>
  );
}
