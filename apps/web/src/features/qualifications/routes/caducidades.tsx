import { Settings2 } from 'lucide-react';
import { Link } from 'react-router';
import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { useExpiringQualifications } from '../api/qualifications';
import { dayLabel, ExpiryBadge } from '../components/expiry-badge';

/** 'Caducidades' (Supervisor, Administrador; decision 042): qualifications expired or expiring within 60 days. */
export default function CaducidadesRoute() {
  const company = useManagedCompany();
  const list = useExpiringQualifications(company.companyId, company.ready);

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (list.isError && !list.data)
      return (
        <Alert variant="destructive">
          No se pudieron cargar las caducidades.{' '}
          <Button variant="link" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </Alert>
      );
    if (!list.data) return <ListSkeleton rows={3} />;
    if (list.data.items.length === 0) return <EmptyState>Ninguna titulación ha caducado ni caduca en los próximos 60 días.</EmptyState>;
    return (
      <ul className="flex flex-col divide-y rounded-md border bg-card" aria-label="Caducidades">
        {list.data.items.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{item.userName}</p>
              <p className="text-sm break-words text-muted-foreground">
                {item.typeName} · Nº {item.number}
              </p>
            </div>
            <p className="text-sm tabular-nums sm:w-36">Caduca el {dayLabel(item.expiresOn)}</p>
            <div className="sm:w-40 sm:text-right">
              <ExpiryBadge qualification={item} />
            </div>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeader
        title="Caducidades"
        description="Titulaciones caducadas y las que caducan en los próximos 60 días. Sus titulares y los supervisores reciben un aviso 60, 30 y 7 días antes."
        actions={
          <Link to="/dashboard/qualifications" className={buttonClasses('outline')}>
            <Settings2 aria-hidden="true" />
            Titulaciones y requisitos
          </Link>
        }
      />
      {company.isAdmin && (
        <div className="mb-4">
          <ManagedCompanyPicker id="caducidades-company" company={company} />
        </div>
      )}
      {body()}
    </>
  );
}
