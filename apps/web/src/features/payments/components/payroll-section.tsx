import { formatDuration, formatLongDate } from '@jornada/shared/format';
import { payrollExportFormats, type PayrollLine, type PayrollResponse } from '@jornada/shared/schemas/payroll';
import { ChevronDown, ChevronRight, Lock, LockOpen } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DownloadLinks } from '@/components/ui/download-links';
import { toast } from '@/components/ui/use-toast';
import { downloadUrl } from '@/lib/download-url';
import { monthLabel } from '@/lib/month';
import { usePayrollClosing } from '../api/payroll';
import { centsText, PayrollConcepts } from '@/components/payroll/payroll-concepts';

interface PayrollSectionProps {
  data: PayrollResponse;
  /** Administrador: the company the month belongs to. */
  companyId: string | null;
  stale: boolean;
  /** Desktop: each employee's concepts in a table here (below it, the cards carry them). */
  showTable: boolean;
}

/** The month's sheet by concept: totals, 'Cerrar mes' / 'Reabrir mes' and, on a desktop, a table with each employee's detail. */
/** How the sheet counts overtime, from the limits it was computed with. */
function overtimeRule({ dailyLimitMinutes, yearlyLimitMinutes }: { dailyLimitMinutes: number | null; yearlyLimitMinutes: number | null }): string {
  const limits = [
    dailyLimitMinutes !== null ? `de ${formatDuration(dailyLimitMinutes)} al día` : null,
    yearlyLimitMinutes !== null ? `de ${formatDuration(yearlyLimitMinutes)} ordinarias en el año (jornada anual)` : null,
  ].filter((limit) => limit !== null);
  return limits.length === 0 ? '' : ` Horas extra: las que pasan ${limits.join(' o ')}.`;
}

export function PayrollSection({ data, companyId, stale, showTable }: PayrollSectionProps) {
  const [asking, setAsking] = useState<'close' | 'reopen' | null>(null);
  const close = usePayrollClosing('close');
  const reopen = usePayrollClosing('reopen');
  const mutation = asking === 'reopen' ? reopen : close;
  const { totals } = data;
  const month = monthLabel(data.month).toLowerCase();
  return (
    <section aria-labelledby="payroll-heading" className="flex flex-col gap-3">
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="payroll-heading" className="flex items-center gap-2 font-semibold">
            Nómina por conceptos
            {data.closed ? <Badge variant="success">Mes cerrado</Badge> : <Badge variant="warning">Mes abierto</Badge>}
          </h2>
          {/* A phone stacks the three actions full width (two downloads side by side do not fit 375 px). */}
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:flex-wrap">
            <DownloadLinks
              formats={payrollExportFormats}
              size="default"
              className="flex-col sm:flex-row"
              linkClassName="w-full sm:w-auto"
              label={`de la nómina de ${month}`}
              disabled={stale}
              url={(format) => downloadUrl('/payroll/export', { month: data.month, format, companyId })}
            />
            {data.closed ? (
              <Button variant="outline" className="w-full sm:w-auto" onClick={() => setAsking('reopen')} disabled={stale}>
                <LockOpen aria-hidden="true" />
                Reabrir mes
              </Button>
            ) : (
              <Button variant="outline" className="w-full sm:w-auto" onClick={() => setAsking('close')} disabled={stale}>
                <Lock aria-hidden="true" />
                Cerrar mes
              </Button>
            )}
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          {data.closed
            ? `Cerrado${data.closedAt ? ` el ${formatLongDate(data.closedAt)}` : ''}${data.closedByName ? ` por ${data.closedByName}` : ''}: las cifras no cambian hasta que se reabra.`
            : 'Se recalcula con cada cambio en los registros hasta que cierres el mes.'}
          {overtimeRule(data)}
        </p>
        <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <Total label="Horas ordinarias" value={formatDuration(totals.workedMinutes)} />
          <Total label="Horas nocturnas" value={formatDuration(totals.minutes.night + totals.minutes.nightHoliday)} />
          <Total label="Horas festivas" value={formatDuration(totals.minutes.holiday + totals.minutes.nightHoliday)} />
          <Total label="Horas extra" value={formatDuration(totals.overtimeMinutes)} />
          <Total label="Importe total" value={centsText(totals.amounts.totalCents)} />
          <Total label="Registros marcados" value={String(totals.flaggedCount)} />
        </dl>
        {totals.withoutRateCount > 0 && (
          <p className="text-sm text-muted-foreground">
            {totals.withoutRateCount === 1 ? '1 empleado cobra' : `${totals.withoutRateCount} empleados cobran`} por convenio: sus horas cuentan, sus importes no.
          </p>
        )}
      </Card>
      {showTable && data.lines.length > 0 && <PayrollTable lines={data.lines} />}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'reopen' ? 'Reabrir mes' : 'Cerrar mes'}
        description={
          asking === 'reopen' ? (
            <span>Al reabrir {month}, la nómina se recalculará con los registros actuales, incluidas las correcciones hechas después del cierre.</span>
          ) : (
            <span>Al cerrar {month}, la nómina queda congelada con las cifras de ahora: las correcciones posteriores no cambiarán la hoja hasta que se reabra.</span>
          )
        }
        confirmLabel={asking === 'reopen' ? 'Reabrir mes' : 'Cerrar mes'}
        destructive={false}
        pending={mutation.isPending}
        onConfirm={() =>
          mutation.mutate(
            { month: data.month, ...(companyId ? { companyId } : {}) },
            {
              onSuccess: () => {
                toast({ title: asking === 'reopen' ? 'Mes reabierto' : 'Mes cerrado', description: monthLabel(data.month) });
                setAsking(null);
              },
              onError: () => setAsking(null),
            },
          )
        }
      />
    </section>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Desktop only: one row per employee, the detail (amounts per concept, pluses, marked records) on demand. Phones see it in each card. */
function PayrollTable({ lines }: { lines: PayrollLine[] }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (userId: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Conceptos por empleado</caption>
        <thead className="border-b bg-muted/40 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Empleado
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Ordinarias
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Nocturnas
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Festivas
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Extra
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Pluses
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Marcados
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const expanded = open.has(line.userId);
            const detailId = `payroll-detail-${line.userId}`;
            return (
              <Fragment key={line.userId}>
                <tr className="border-b">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <button
                      type="button"
                      className="flex items-center gap-1 text-left hover:underline"
                      aria-expanded={expanded}
                      aria-controls={detailId}
                      onClick={() => toggle(line.userId)}
                    >
                      {expanded ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
                      {line.name}
                    </button>
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDuration(line.workedMinutes)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDuration(line.minutes.night + line.minutes.nightHoliday)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDuration(line.minutes.holiday + line.minutes.nightHoliday)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatDuration(line.overtimeMinutes)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{centsText(line.pluses.reduce((sum, plus) => sum + plus.cents, 0))}</td>
                  <td className="px-3 py-2 text-right font-semibold tabular-nums">{centsText(line.amounts?.totalCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{line.flaggedCount > 0 ? <Badge variant="warning">{line.flaggedCount}</Badge> : '0'}</td>
                </tr>
                {expanded && (
                  <tr id={detailId} className="border-b bg-muted/20">
                    <td colSpan={8} className="px-3 py-3">
                      <PayrollConcepts line={line} className="max-w-xl" />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
