import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { MonthPicker } from '@/components/ui/month-picker';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { currentMonth, parseMonth } from '@/lib/month';
import { downloadUrl } from '@/lib/download-url';
import { useCompanyRegistro } from '../api/get-company-registro';
import { CompanyRegistroList } from '../components/company-registro-list';
import { EmployeeRegistroDialog } from '../components/employee-registro-dialog';
import { LoadError } from '../components/load-error';
import { RegistroDownloads } from '../components/registro-downloads';

/** 'Registro de Jornada de la Empresa' (Supervisor, Administrador): who signed each month, each worker's record, the whole month's PDF and CSV. */
export default function CompanyRegistroRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useManagedCompany();
  const { companyId } = company;
  const month = parseMonth(searchParams.get('month')) ?? currentMonth();
  const registro = useCompanyRegistro(month, companyId, company.ready);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);

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
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (registro.isError && !registro.data) return <LoadError message="No se pudo cargar el registro de la empresa." onRetry={() => void registro.refetch()} />;
    if (!registro.data) return <ListSkeleton rows={4} rowClassName="h-16" />;
    const { data } = registro;
    const signed = data.employees.filter((employee) => employee.signedAt).length;
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {signed} de {data.employees.length} trabajadores han firmado este mes.
          </p>
          <RegistroDownloads label="de la empresa" url={(format) => downloadUrl('/registro/company/download', { month, format, companyId })} />
        </div>
        <CompanyRegistroList data={data} onOpen={(employee) => setOpen({ id: employee.id, name: employee.name })} />
      </div>
    );
  };

  return (
    <>
      <PageHeader title="Registro de Jornada de la Empresa" description="Las horas de cada trabajador y quién ha firmado cada mes." />
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <ManagedCompanyPicker id="registro-company" company={company} />
        <MonthPicker month={month} label="Mes del registro" onChange={(next) => setParam('month', next === currentMonth() ? null : next)} />
      </div>
      {body()}
      {open && <EmployeeRegistroDialog employee={open} month={month} companyId={companyId} onClose={() => setOpen(null)} />}
    </>
  );
}
