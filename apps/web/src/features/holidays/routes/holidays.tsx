import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { useHolidayYear } from '../api/holidays';
import { AddHolidayDialog } from '../components/add-holiday-dialog';
import { HolidayList } from '../components/holiday-list';
import { YearView } from '../components/year-view';

/** 'Calendario laboral' (Supervisor, Administrador): national holidays plus the company's own (issue 26). */
export default function HolidaysRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const company = useManagedCompany();
  const { companyId } = company;
  const thisYear = new Date().getFullYear();
  const requestedYear = Number(searchParams.get('year'));
  const year = Number.isInteger(requestedYear) && requestedYear >= 2000 && requestedYear <= 2100 ? requestedYear : thisYear;
  const calendar = useHolidayYear(year, companyId, company.ready);
  const years = [...new Set([thisYear - 1, thisYear, thisYear + 1, thisYear + 2, year])].sort((a, b) => a - b);

  const setYear = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('year', value);
    setSearchParams(next, { replace: true });
  };

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (calendar.isError && !calendar.data)
      return (
        <Alert variant="destructive">
          No se pudo cargar el calendario laboral.{' '}
          <Button variant="link" onClick={() => void calendar.refetch()}>
            Reintentar
          </Button>
        </Alert>
      );
    if (!calendar.data) return <ListSkeleton rows={3} rowClassName="h-24" />;
    const { holidays } = calendar.data;
    return (
      <div className="grid gap-6">
        {!calendar.data.hasNationalData && (
          <Alert>Jornada aún no tiene los festivos nacionales de {year}: añade los de la empresa y revisa este calendario cuando se publiquen en el BOE.</Alert>
        )}
        <YearView year={year} holidays={holidays} />
        <section aria-labelledby="holiday-list-title" className="grid gap-3">
          <h2 id="holiday-list-title" className="text-lg font-semibold">
            Festivos de {year} · {calendar.data.companyName}
          </h2>
          {holidays.length === 0 ? <EmptyState>No hay festivos en {year}.</EmptyState> : <HolidayList holidays={holidays} companyId={companyId} />}
        </section>
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title="Calendario Laboral"
        description="Los festivos nacionales y los de la comunidad autónoma y la localidad de la empresa. Las horas trabajadas en festivo se pagan según las reglas de pago."
        actions={
          <Button onClick={() => setAdding(true)} disabled={!calendar.data}>
            <Plus aria-hidden="true" />
            Añadir festivo
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <ManagedCompanyPicker id="holidays-company" company={company} />
        <FormField id="holidays-year" label="Año" className="sm:w-40">
          <NativeSelect id="holidays-year" value={String(year)} onChange={(event) => setYear(event.target.value)}>
            {years.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {body()}
      <AddHolidayDialog open={adding} onOpenChange={setAdding} year={year} companyId={companyId} />
    </>
  );
}
