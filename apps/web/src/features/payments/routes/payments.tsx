import { useSearchParams } from 'react-router';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '@/lib/companies/get-companies';
import { currentMonth, parseMonth } from '@/lib/month';
import { usePayments } from '../api/get-payments';
import { usePayroll } from '../api/payroll';
import { PaymentsList } from '../components/payments-list';

/** Pagos (Supervisor and Administrador, spec screen 25): one month of the company's Empleado payments. */
export default function PaymentsRoute() {
  const { isAdmin } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const companies = useCompanies(isAdmin);
  // The month and company live in the address, so a reload or a shared link keeps them.
  const month = parseMonth(searchParams.get('month')) ?? currentMonth();
  const companyId = isAdmin ? (searchParams.get('company') ?? companies.data?.[0]?.id ?? null) : null;
  const payments = usePayments(month, companyId, !isAdmin || companyId !== null);
  const payroll = usePayroll(month, companyId, !isAdmin || companyId !== null);

  const setParam = (key: string, value: string | null) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const body = () => {
    if (isAdmin && companies.data?.length === 0) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (payments.isError && !payments.data) {
      return (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-col items-start gap-3">
            No se pudieron cargar los pagos de este mes.
            <Button variant="outline" size="sm" onClick={() => void payments.refetch()}>
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      );
    }
    if (!payments.data) {
      return (
        <div className="flex flex-col gap-4">
          <Skeleton className="h-[5.5rem] sm:max-w-md" />
          <ListSkeleton rows={3} rowClassName="h-44" />
        </div>
      );
    }
    return (
      <>
        {payroll.isError && !payroll.data && (
          <Alert variant="destructive">
            <AlertDescription>No se pudo cargar la nómina por conceptos de este mes.</AlertDescription>
          </Alert>
        )}
        <PaymentsList data={payments.data} stale={payments.isPlaceholderData || payroll.isPlaceholderData} payroll={payroll.data} companyId={companyId} />
      </>
    );
  };

  return (
    <>
      <PageHeader title="Pagos" description="Horas por conceptos, importes y pagos del mes de cada empleado." />
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        {isAdmin && (
          <CompanyPicker id="payments-company" empty="choose" className="sm:w-72" value={companyId ?? ''} onChange={(event) => setParam('company', event.target.value)} />
        )}
        <MonthPicker month={month} label="Mes de los pagos" onChange={(next) => setParam('month', next === currentMonth() ? null : next)} />
      </div>
      {body()}
    </>
  );
}
