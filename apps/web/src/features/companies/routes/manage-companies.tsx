import type { Company } from '@jornada/shared/schemas/companies';
import { Building } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCompanies } from '@/lib/companies/get-companies';
import { useCategories } from '../api/get-categories';
import { useRoles } from '../api/get-roles';
import { AddCompanyForm } from '../components/add-company-form';
import { CompanyAssignmentsDialog } from '../components/company-assignments-dialog';
import { CompanyCard, type CompanyAction } from '../components/company-card';
import { CompanySettingsDialog } from '../components/company-settings-dialog';
import { DeleteCompanyDialog } from '../components/delete-company-dialog';
import { RenameCompanyDialog } from '../components/rename-company-dialog';

const byId = <T extends { id: string; name: string }>(items: T[] | undefined) =>
  new Map((items ?? []).map((item) => [item.id, item.name]));

export default function ManageCompaniesRoute() {
  const companies = useCompanies();
  const roles = useRoles();
  const categories = useCategories();
  const [selected, setSelected] = useState<{ action: CompanyAction; company: Company } | null>(null);
  const roleNames = useMemo(() => byId(roles.data), [roles.data]);
  const categoryNames = useMemo(() => byId(categories.data), [categories.data]);
  const close = () => setSelected(null);

  return (
    <>
      <PageHeader title="Gestionar Empresas" description="Crea empresas, asígnales roles y categorías, fija sus ajustes de fichaje y elimínalas." />
      <AddCompanyForm />
      {companies.isPending ? (
        <ListSkeleton rows={3} rowClassName="h-48" />
      ) : companies.isError ? (
        <EmptyState>No se pudieron cargar las empresas.</EmptyState>
      ) : companies.data.length === 0 ? (
        <EmptyState icon={<Building />}>No hay empresas creadas.</EmptyState>
      ) : (
        <ul aria-label="Empresas" className="grid gap-4 md:grid-cols-2">
          {companies.data.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={company}
                roleNames={roleNames}
                categoryNames={categoryNames}
                onAction={(action, target) => setSelected({ action, company: target })}
              />
            </li>
          ))}
        </ul>
      )}
      {selected?.action === 'rename' && <RenameCompanyDialog company={selected.company} onClose={close} />}
      {selected?.action === 'settings' && <CompanySettingsDialog company={selected.company} onClose={close} />}
      {selected?.action === 'delete' && <DeleteCompanyDialog company={selected.company} onClose={close} />}
      {selected?.action === 'assign' && (
        <CompanyAssignmentsDialog
          company={selected.company}
          roles={roles.data ?? []}
          categories={categories.data ?? []}
          onClose={close}
        />
      )}
    </>
  );
}
