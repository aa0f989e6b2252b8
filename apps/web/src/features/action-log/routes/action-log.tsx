import { ScrollText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { NativeSelect } from '@/components/ui/native-select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useActionLog } from '../api/get-action-log';
import { useCompanies } from '../api/get-companies';
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
      <div className="mb-4 flex flex-col gap-2 sm:max-w-xs">
        <Label htmlFor="action-log-company">Filtrar por empresa</Label>
        <NativeSelect id="action-log-company" value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
          <option value="">Todas</option>
          {companies.data?.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </NativeSelect>
      </div>
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
