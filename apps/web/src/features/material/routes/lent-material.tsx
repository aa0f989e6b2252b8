import { loanFilterLabels, loanFilters, type LoanFilter } from '@jornada/shared/material';
import { HandHelping } from 'lucide-react';
import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { BACKWARD_RANGE_MESSAGE, DateRangeFilter, FilterBar, isBackwardRange, SearchFilter, SelectFilter } from '@/components/list-filters/filter-fields';
import { filterParams, useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { useLendableEmployees } from '../api/get-lendable-employees';
import { LendDialog } from '../components/lend-dialog';
import { LoanHistory } from '../components/loan-history';

// userId is the borrower: one of the company's Empleado users, the only people a loan goes to.
const filterKeys = ['userId', 'from', 'to', 'q'] as const;

/** Spec section 2 screen 21: Material Prestado, the history by Todos, Pendientes and Confirmados. */
export default function LentMaterialRoute() {
  const { isAdmin } = useAuth();
  const [filter, setFilter] = useState<LoanFilter>('all');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [lending, setLending] = useState(false);
  const filters = useUrlFilters(filterKeys);
  const backward = isBackwardRange(filters.values.from, filters.values.to);
  // The borrowers are one company's people: an administrator picks the company first.
  const offerBorrowers = !isAdmin || companyId !== null;
  const borrowers = useLendableEmployees(companyId, offerBorrowers);
  const chooseCompany = (id: string | null) => {
    setCompanyId(id);
    filters.set('userId', '');
  };

  return (
    <>
      <PageHeader
        title="Material Prestado"
        description="Préstamos de uniformes y equipo, su confirmación firmada y su devolución."
        actions={
          <Button onClick={() => setLending(true)}>
            <HandHelping aria-hidden="true" />
            Prestar material
          </Button>
        }
      />
      {isAdmin && (
        <CompanyPicker id="loans-company-filter" empty="all" className="mb-4 sm:w-72" value={companyId ?? ''} onChange={(event) => chooseCompany(event.target.value || null)} />
      )}
      <FilterBar label="Filtrar préstamos" active={filters.active} onClear={filters.clear}>
        <SelectFilter
          label="Empleado"
          anyLabel={offerBorrowers ? 'Todos los empleados' : 'Elige antes una empresa'}
          value={filters.values.userId}
          onChange={(value) => filters.set('userId', value)}
          disabled={!offerBorrowers || borrowers.isPending}
          options={borrowers.data?.employees.map((person) => ({ value: person.id, label: person.name })) ?? []}
        />
        <DateRangeFilter from={filters.values.from} to={filters.values.to} onChange={filters.set} />
        <SearchFilter value={filters.values.q} onChange={(value) => filters.set('q', value)} placeholder="Empleado o supervisor" />
      </FilterBar>
      {backward && (
        <Alert variant="destructive">
          <AlertDescription>{BACKWARD_RANGE_MESSAGE}</AlertDescription>
        </Alert>
      )}
      <Tabs value={filter} onValueChange={(value) => setFilter(value as LoanFilter)}>
        <TabsList aria-label="Estado de los préstamos">
          {loanFilters.map((value) => (
            <TabsTrigger key={value} value={value} className="min-w-24">
              {loanFilterLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {loanFilters.map((value) => (
          <TabsContent key={value} value={value}>
            {!backward && <LoanHistory filter={value} companyId={companyId} showCompany={isAdmin} filters={filterParams(filters.values)} />}
          </TabsContent>
        ))}
      </Tabs>
      <LendDialog open={lending} onOpenChange={setLending} companyId={companyId} />
    </>
  );
}
