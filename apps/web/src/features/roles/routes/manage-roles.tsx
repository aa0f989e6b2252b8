import type { Role } from '@jornada/shared/schemas/roles';
import { BriefcaseBusiness, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCompanies } from '@/lib/companies/get-companies';
import { useRoles } from '../api/get-roles';
import { DeleteRoleDialog } from '../components/delete-role-dialog';
import { RoleCard, type RoleAction } from '../components/role-card';
import { RoleCompaniesDialog } from '../components/role-companies-dialog';
import { RoleDialog } from '../components/role-dialog';

type Selection = { action: 'create' } | { action: RoleAction; role: Role };

export default function ManageRolesRoute() {
  const roles = useRoles();
  const companies = useCompanies();
  const [selected, setSelected] = useState<Selection | null>(null);
  const companyNames = useMemo(() => new Map((companies.data ?? []).map((company) => [company.id, company.name])), [companies.data]);
  const close = () => setSelected(null);

  return (
    <>
      <PageHeader
        title="Gestionar Roles"
        description="Roles con su precio por hora, su base y las empresas en las que se usan."
        actions={
          <Button onClick={() => setSelected({ action: 'create' })}>
            <Plus aria-hidden="true" />
            Nuevo rol
          </Button>
        }
      />
      {roles.isPending ? (
        <ListSkeleton rows={3} rowClassName="h-40" />
      ) : roles.isError ? (
        <EmptyState>No se pudieron cargar los roles.</EmptyState>
      ) : roles.data.length === 0 ? (
        <EmptyState icon={<BriefcaseBusiness />}>No hay roles creados.</EmptyState>
      ) : (
        <ul aria-label="Roles" className="grid gap-4 md:grid-cols-2">
          {roles.data.map((role) => (
            <li key={role.id}>
              <RoleCard role={role} companyNames={companyNames} onAction={(action, target) => setSelected({ action, role: target })} />
            </li>
          ))}
        </ul>
      )}
      {selected?.action === 'create' && <RoleDialog role={null} onClose={close} />}
      {selected?.action === 'edit' && <RoleDialog role={selected.role} onClose={close} />}
      {selected?.action === 'companies' && <RoleCompaniesDialog role={selected.role} companies={companies.data ?? []} onClose={close} />}
      {selected?.action === 'delete' && <DeleteRoleDialog role={selected.role} roles={roles.data ?? []} onClose={close} />}
    </>
  );
}
