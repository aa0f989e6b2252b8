import { Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useAccessLinks } from '../api/get-access-links';
import { useCompanyOptions } from '../api/get-company-options';
import { CreateLinkDialog } from '../components/create-link-dialog';
import { LinkCard } from '../components/link-card';

function CompanyFilter({ companyId, onChange }: { companyId: string | null; onChange: (id: string | null) => void }) {
  const companies = useCompanyOptions(true);
  return (
    <div className="mb-4 flex flex-col gap-2 sm:w-72">
      <Label htmlFor="access-links-company">Empresa</Label>
      <NativeSelect id="access-links-company" value={companyId ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">Todas las empresas</option>
        {companies.data?.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** 'Accesos de Inspección' (decision 014): read-only links to the registro de jornada, their uses, revocation. */
export default function AccessLinksRoute() {
  const { isAdmin } = useAuth();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const links = useAccessLinks(companyId);

  return (
    <>
      <PageHeader
        title="Accesos de Inspección"
        description="Enlaces de solo lectura al registro de jornada para la Inspección de Trabajo o la representación de los trabajadores. Cada uso queda registrado."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Nuevo enlace
          </Button>
        }
      />
      {isAdmin && <CompanyFilter companyId={companyId} onChange={setCompanyId} />}
      {links.isPending ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : links.data?.links.length ? (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Enlaces de acceso">
          {links.data.links.map((link) => (
            <li key={link.id}>
              <LinkCard link={link} showCompany={isAdmin} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={Link2}>Todavía no hay enlaces de acceso.</EmptyState>
      )}
      <CreateLinkDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
