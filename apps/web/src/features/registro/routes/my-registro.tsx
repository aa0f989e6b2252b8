import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { MonthPicker } from '@/components/ui/month-picker';
import { ListSkeleton } from '@/components/ui/skeleton';
import { currentMonth, parseMonth } from '@/lib/month';
import { downloadUrl } from '@/lib/download-url';
import { useMyRegistro } from '../api/get-my-registro';
import { LoadError } from '../components/load-error';
import { monthLabel } from '../components/month-label';
import { RegistroDayList } from '../components/registro-day-list';
import { RegistroDownloads } from '../components/registro-downloads';
import { RegistroSummary } from '../components/registro-summary';
import { SignMonthDialog } from '../components/sign-month-dialog';

/** 'Registro de Jornada' (Empleado, Supervisor): the legal record of any month, to download and, once closed, to sign. */
export default function MyRegistroRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const month = parseMonth(searchParams.get('month')) ?? currentMonth();
  const registro = useMyRegistro(month);
  const [signing, setSigning] = useState(false);
  const data = registro.data?.month === month ? registro.data : undefined;

  const body = () => {
    if (registro.isError && !data) return <LoadError message="No se pudo cargar tu registro de jornada." onRetry={() => void registro.refetch()} />;
    if (!data) return <ListSkeleton rows={4} rowClassName="h-16" />;
    return (
      <div className="flex flex-col gap-4">
        <RegistroSummary month={data} />
        {data.canSign && data.changedSinceSigning && (
          <section aria-labelledby="resign-title" className="flex flex-col gap-3 rounded-xl border border-amber-500/50 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950/30">
            <div className="min-w-0">
              <h2 id="resign-title" className="font-semibold">
                Hay una nueva versión de este mes
              </h2>
              <p className="text-sm text-muted-foreground">Fírmala para confirmar las horas corregidas. Tu firma anterior se conserva en el registro, marcada como sustituida.</p>
            </div>
            <Button onClick={() => setSigning(true)} className="shrink-0">
              <PenLine aria-hidden="true" />
              Firmar la nueva versión
            </Button>
          </section>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <RegistroDownloads url={(format) => downloadUrl('/registro/mine/download', { month, format })} />
          {data.canSign && !data.changedSinceSigning ? (
            <Button onClick={() => setSigning(true)}>
              <PenLine aria-hidden="true" />
              Firmar el mes
            </Button>
          ) : (
            !data.signedAt && !data.canSign && data.signBlockedReason && <p className="text-sm text-muted-foreground">{data.signBlockedReason}</p>
          )}
        </div>
        <RegistroDayList days={data.days} />
      </div>
    );
  };

  return (
    <>
      <PageHeader title="Registro de Jornada" description="Tus horas de cada día, como las guarda la empresa. Descárgalo cuando quieras y fírmalo al cerrar el mes." />
      <div className="mb-4">
        <MonthPicker
          month={month}
          label="Mes del registro"
          onChange={(next) => setSearchParams(next === currentMonth() ? {} : { month: next }, { replace: true })}
        />
      </div>
      {body()}
      {signing && <SignMonthDialog month={month} monthLabel={monthLabel(month)} newVersion={data?.changedSinceSigning === true} onClose={() => setSigning(false)} />}
    </>
  );
}
