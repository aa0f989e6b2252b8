import { Plus } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '@/lib/companies/get-companies';
import type { VacationListState } from '../api/get-vacations';
import { ManagerVacationsList } from '../components/manager-vacations-list';
import { NewVacationDialog } from '../components/new-vacation-dialog-lazy';

const tabs: { value: VacationListState; label: string }[] = [
  { value: 'pending', label: 'Pendientes' },
  { value: 'processed', label: 'Procesadas' },
];

/** Gestionar Vacaciones (Supervisor and Administrador, spec screen 23). */
export default function VacationsRoute() {
  const { isAdmin } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const companies = useCompanies(isAdmin);
  const companyId = isAdmin ? searchParams.get('company') : null;
  const tab: VacationListState = searchParams.get('tab') === 'processed' ? 'processed' : 'pending';
  const companyNames = useMemo(() => new Map(companies.data?.map((company) => [company.id, company.name])), [companies.data]);

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

  return (
    <>
      <PageHeader
        title="Gestionar Vacaciones"
        description="Aprueba o rechaza las solicitudes de tu equipo y propón vacaciones a un empleado."
        actions={
          <Button
            onClick={() => setCreating(true)}
            onPointerEnter={NewVacationDialog.preload}
            onFocus={NewVacationDialog.preload}
            disabled={isAdmin && companies.isPending}
          >
            <Plus aria-hidden="true" />
            Nueva solicitud
          </Button>
        }
      />
      {isAdmin && (
        <div className="mb-4">
          <CompanyPicker id="vacations-company" empty="all" className="sm:w-72" value={companyId ?? ''} onChange={(event) => setParam('company', event.target.value || null)} />
        </div>
      )}
      <Tabs value={tab} onValueChange={(value) => setParam('tab', value === 'processed' ? value : null)}>
        <TabsList aria-label="Estado de las solicitudes">
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="min-w-28">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value }) => (
          <TabsContent key={value} value={value}>
            <ManagerVacationsList state={value} companyId={companyId} companyNames={isAdmin && !companyId ? companyNames : undefined} />
          </TabsContent>
        ))}
      </Tabs>
      {creating && (
        <Suspense fallback={null}>
          <NewVacationDialog onClose={() => setCreating(false)} choosesCompany={isAdmin} initialCompanyId={companyId} />
        </Suspense>
      )}
    </>
  );
}
