import { formatDateTime } from '@jornada/shared/format';
import type { MaterialLoan } from '@jornada/shared/schemas/material';

/** The steps a loan has been through, each with its date and time (company time zone). */
export function LoanDates({ loan }: { loan: MaterialLoan }) {
  const steps: [string, string | null][] = [
    ['Prestado', loan.loanDate],
    ['Confirmado', loan.confirmationDate],
    ['Denegado', loan.denialDate],
    ['Devolución solicitada', loan.returnRequestDate],
    ['Devuelto', loan.returnDate],
  ];
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3 gap-y-1 text-sm">
      {steps
        .filter((step): step is [string, string] => step[1] !== null)
        .map(([label, instant]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums whitespace-nowrap">{formatDateTime(instant)}</dd>
          </div>
        ))}
    </dl>
  );
}
