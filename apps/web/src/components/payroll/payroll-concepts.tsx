import { formatDuration, formatEuros } from '@jornada/shared/format';
import { PAYROLL_MARK_LABELS, type PayrollLine } from '@jornada/shared/schemas/payroll';
import { cn } from '@/lib/cn';

export const centsText = (cents: number | null | undefined) => (cents === null || cents === undefined ? 'Por Convenio' : formatEuros(cents / 100));

/** The concept rows of one employee's month: hours and, when there is a rate, amounts. */
export function conceptRows(line: PayrollLine) {
  const amounts = line.amounts;
  return [
    { label: 'Horas ordinarias', minutes: line.workedMinutes, cents: amounts?.baseCents ?? null, note: 'todas las horas al precio ordinario' },
    { label: 'Horas nocturnas', minutes: line.minutes.night + line.minutes.nightHoliday, cents: amounts?.nightPlusCents ?? null, note: 'plus de nocturnidad' },
    { label: 'Horas festivas', minutes: line.minutes.holiday + line.minutes.nightHoliday, cents: amounts?.holidayPlusCents ?? null, note: 'plus de festivos' },
    { label: 'Horas extra', minutes: line.overtimeMinutes, cents: amounts?.overtimeCents ?? null, note: 'suplemento sobre el precio ordinario' },
  ];
}

/**
 * One employee's concepts, pluses, total and marked records: the card on a phone, the detail row on
 * a desktop, the employee's own breakdown in 'Mis Horas' (with `notes`: what each amount pays, since
 * the night and holiday hours are also among the ordinary ones).
 */
export function PayrollConcepts({ line, className, notes = false }: { line: PayrollLine; className?: string; notes?: boolean }) {
  return (
    <div className={cn('flex flex-col gap-2 text-sm', className)}>
      <table className="w-full text-left">
        <caption className="sr-only">Conceptos de {line.name}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 font-normal">
              Concepto
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-normal">
              Horas
            </th>
            <th scope="col" className="py-1 pl-3 text-right font-normal">
              Importe
            </th>
          </tr>
        </thead>
        <tbody>
          {conceptRows(line).map((row) => (
            <tr key={row.label} className="border-t">
              <th scope="row" className="py-1 font-medium">
                {row.label}
                {notes && <span className="block text-xs font-normal text-muted-foreground">{row.note}</span>}
              </th>
              <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{formatDuration(row.minutes)}</td>
              <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{centsText(row.cents)}</td>
            </tr>
          ))}
          {line.pluses.map((plus, index) => (
            <tr key={`${plus.name}-${index}`} className="border-t">
              <th scope="row" className="py-1 font-medium">
                {plus.name}
              </th>
              <td className="py-1 pl-3 text-right text-muted-foreground">mensual</td>
              <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{centsText(plus.cents)}</td>
            </tr>
          ))}
          <tr className="border-t font-semibold">
            <th scope="row" className="py-1">
              Total
            </th>
            <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{formatDuration(line.workedMinutes)}</td>
            <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums">{centsText(line.amounts?.totalCents)}</td>
          </tr>
        </tbody>
      </table>
      {line.yearToDateMinutes !== null && (
        <p className="text-muted-foreground">
          Cuentan para la jornada anual, en el año hasta este mes: {formatDuration(line.yearToDateMinutes)}
          {line.yearlyOvertimeMinutes > 0 && `; de las horas extra del mes, ${formatDuration(line.yearlyOvertimeMinutes)} por pasar de la jornada anual`}.
        </p>
      )}
      {line.flaggedCount > 0 && (
        <div className="rounded-md bg-amber-50 p-2 text-amber-900">
          <p className="font-medium">
            {line.flaggedCount === 1 ? '1 registro marcado' : `${line.flaggedCount} registros marcados`} (incluidos en las horas):
          </p>
          <ul className="list-disc pl-5">
            {line.flaggedRecords.map((record) => (
              <li key={record.recordId}>
                {new Date(record.startTime).toLocaleDateString('es-ES', { day: 'numeric', month: 'short' })} · {formatDuration(record.minutes)} ·{' '}
                {record.marks.map((mark) => PAYROLL_MARK_LABELS[mark]).join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
