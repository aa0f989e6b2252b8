import { formatDuration } from '@jornada/shared/format';
import type { PaymentLine } from '@jornada/shared/schemas/payments';
import { TriangleAlert } from 'lucide-react';
import { amountText } from '../lib/amount-text';

export const MISMATCH_LABEL = 'No coincide con el registro';

/**
 * A paid month whose records changed after the payment (an approved correction, a record closed
 * late): the payment keeps what was paid, and this says so with both figures side by side, so
 * the difference is settled on purpose and never silently.
 */
export function RecordMismatch({ line, id }: { line: PaymentLine; id: string }) {
  return (
    <div id={id} className="flex items-start gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-yellow-700" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">Los fichajes cambiaron después del pago</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 tabular-nums">
          <dt>Pagado:</dt>
          <dd className="break-words">
            {formatDuration(line.minutes)} · {amountText(line.amount)}
          </dd>
          <dt>Registro ahora:</dt>
          <dd className="font-semibold break-words">
            {formatDuration(line.recordMinutes)} · {amountText(line.recordAmount)}
          </dd>
        </dl>
        <p className="text-yellow-900">El pago conserva las cifras con las que se pagó.</p>
      </div>
    </div>
  );
}
