import { ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCompanies } from '@/lib/companies/get-companies';
import { useActionLog } from '../api/get-action-log';
import { ActionLogList } from '../components/action-log-list';

export default function ActionLogRoute() {
  const [companyId, setCompanyId] = useState('');
  const log = useActionLog(companyId || undefined);
  const companies = useCompanies();
  const companyNames = useMemo(() => new Map((companies.data ?? []).map((company) => [company.id, company.name])), [companies.data]);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader title="Registro de Acciones" description="Cada cambio hecho en la plataforma, del más reciente al más antiguo." />
      <CompanyPicker
        id="action-log-company"
        label="Filtrar por empresa"
        empty="all"
        emptyLabel="Todas"
        className="mb-4 sm:max-w-xs"
        value={companyId}
        onChange={(event) => setCompanyId(event.target.value)}
      />
      {log.isPending ? (
        <ListSkeleton rows={6} rowClassName="h-12" />
      ) : log.isError ? (
        <EmptyState>No se pudo cargar el registro de acciones.</EmptyState>
      ) : entries.length === 0 ? (
        <EmptyState icon={<ScrollText />}>No hay acciones registradas todavía.</EmptyState>
      ) : (
        <div aria-busy={log.isPlaceholderData} className={log.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ActionLogList entries={entries} companyNames={companyNames} />
          <LoadMoreButton hasNextPage={log.hasNextPage} isFetchingNextPage={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
        </div>
      )}
    </>
  );
}
