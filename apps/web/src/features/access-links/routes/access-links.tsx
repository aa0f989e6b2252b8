import { Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useAccessLinks } from '../api/get-access-links';
import { CreateLinkDialog } from '../components/create-link-dialog';
import { LinkCard } from '../components/link-card';

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
      {isAdmin && (
        <CompanyPicker id="access-links-company" empty="all" className="mb-4 sm:w-72" value={companyId ?? ''} onChange={(event) => setCompanyId(event.target.value || null)} />
      )}
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
