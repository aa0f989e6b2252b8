import { Building, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCompanies } from '@/lib/companies/get-companies';
import { usePermissions } from '../api/get-permissions';
import { PermissionMatrix } from '../components/permission-matrix';

export default function ManagePermissionsRoute() {
  const companies = useCompanies();
  const [companyId, setCompanyId] = useState('');
  const permissions = usePermissions(companyId);

  return (
    <>
      <PageHeader title="Vistas y Privilegios" description="Elige una empresa y marca las vistas que puede usar cada rol." />
      {companies.isPending ? (
        <ListSkeleton rows={1} rowClassName="h-16" />
      ) : companies.data?.length === 0 ? (
        <EmptyState icon={<Building />}>No hay empresas creadas.</EmptyState>
      ) : (
        <>
          <CompanyPicker
            id="permissions-company"
            empty="choose"
            emptyLabel="Elige una empresa"
            className="mb-6 sm:max-w-xs"
            value={companyId}
            onChange={(event) => setCompanyId(event.target.value)}
          />
          {companyId === '' ? (
            <EmptyState icon={<ShieldCheck />}>Elige una empresa para ver y cambiar sus permisos.</EmptyState>
          ) : permissions.isPending ? (
            <ListSkeleton rows={2} rowClassName="h-64" />
          ) : permissions.isError ? (
            <EmptyState>No se pudieron cargar los permisos.</EmptyState>
          ) : (
            // A new key per company starts the checkboxes from that company's saved matrix; a background
            // refetch never overwrites ticks that are not saved yet.
            <PermissionMatrix key={companyId} data={permissions.data} />
          )}
        </>
      )}
    </>
  );
}
