import type { Employee } from '@jornada/shared/schemas/users';
import { Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { FilterBar, SearchFilter } from '@/components/list-filters/filter-fields';
import { useUrlFilters } from '@/components/list-filters/use-url-filters';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useCompanies } from '@/lib/companies/get-companies';
import { useCategories } from '../api/get-categories';
import { useEmployees } from '../api/get-employees';
import { EmployeeDialog } from '../components/employee-dialog';
import { EmployeeList } from '../components/employee-list';

const searchKeys = ['q'] as const;
/** Supervisors see their company's staff; an administrator every company's, optionally one. */
export default function ViewEmployeesRoute() {
  const { isAdmin } = useAuth();
  const [companyFilter, setCompanyFilter] = useState('');
  const search = useUrlFilters(searchKeys);
  const employees = useEmployees(isAdmin && companyFilter ? companyFilter : undefined, search.values.q);
  const categories = useCategories();
  const companies = useCompanies();
  const [selected, setSelected] = useState<Employee | null>(null);
  const companyNames = useMemo(() => new Map((companies.data ?? []).map((company) => [company.id, company.name])), [companies.data]);
  const rows = employees.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader title="Empleados" description="Empleados y supervisores: sus datos, sus categorías y su acceso." />
      {isAdmin && (
        <CompanyPicker
          id="employees-company-filter"
          label="Filtrar por empresa"
          empty="all"
          emptyLabel="Todas"
          className="mb-4 sm:max-w-xs"
          value={companyFilter}
          onChange={(event) => setCompanyFilter(event.target.value)}
        />
      )}
      <FilterBar label="Buscar empleados" active={search.active} onClear={search.clear}>
        <SearchFilter value={search.values.q} onChange={(value) => search.set('q', value)} placeholder="Nombre o correo" />
      </FilterBar>
      {employees.isPending ? (
        <ListSkeleton rows={4} rowClassName="h-16" />
      ) : employees.isError ? (
        <EmptyState>No se pudieron cargar los empleados.</EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState icon={<Users />}>{search.active ? 'Ningún empleado coincide con la búsqueda.' : 'No hay empleados registrados.'}</EmptyState>
      ) : (
        <div aria-busy={employees.isPlaceholderData} className={employees.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <EmployeeList employees={rows} companyNames={isAdmin ? companyNames : undefined} onOpen={setSelected} />
          <LoadMoreButton
            hasNextPage={employees.hasNextPage}
            isFetchingNextPage={employees.isFetchingNextPage}
            onLoadMore={() => void employees.fetchNextPage()}
          />
        </div>
      )}
      {selected && <EmployeeDialog employee={selected} categories={categories.data ?? []} onClose={() => setSelected(null)} />}
    </>
  );
}
