import type { LoanFilter } from '@jornada/shared/material';
import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { PackageOpen, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useLoans } from '../api/get-loans';
import { useRequestReturn } from '../api/request-return';
import { LoanCard } from './loan-card';

const emptyText: Record<LoanFilter, string> = {
  all: 'No hay préstamos de material.',
  pending: 'No hay préstamos pendientes.',
  confirmed: 'No hay préstamos confirmados.',
};

function RequestReturnButton({ loan }: { loan: MaterialLoan }) {
  const request = useRequestReturn();
  const onClick = () =>
    request.mutate(loan.id, {
      onSuccess: () => toast({ title: 'Solicitud Enviada', description: `Se ha pedido a ${loan.employeeName} que devuelva el material.` }),
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={request.isPending} aria-label={`Solicitar devolución a ${loan.employeeName}`}>
      {request.isPending ? <Spinner /> : <Undo2 aria-hidden="true" />}
      Solicitar devolución
    </Button>
  );
}

interface LoanHistoryProps {
  filter: LoanFilter;
  companyId: string | null;
  showCompany: boolean;
  /** The list filters in the URL (borrower, days, text), only those set. */
  filters?: Record<string, string>;
}

/** Material Prestado: the loans of one filter, newest first, with 'Solicitar devolución' on confirmed ones. */
export function LoanHistory({ filter, companyId, showCompany, filters = {} }: LoanHistoryProps) {
  const loans = useLoans(filter, companyId, filters);
  if (loans.isPending) return <ListSkeleton rows={3} rowClassName="h-48" />;
  if (loans.isError) return <EmptyState>No se pudieron cargar los préstamos.</EmptyState>;
  const items = loans.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const filtered = Object.keys(filters).length > 0;
    return <EmptyState icon={PackageOpen}>{filtered ? 'Ningún préstamo coincide con los filtros.' : emptyText[filter]}</EmptyState>;
  }
  return (
    <>
      <ul aria-label="Préstamos" className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {items.map((loan) => (
          <li key={loan.id}>
            <LoanCard
              loan={loan}
              title={loan.employeeName}
              subtitle={`Prestado por ${loan.supervisorName}${showCompany ? ` · ${loan.companyName}` : ''}`}
              actions={loan.status === 'Confirmado' ? <RequestReturnButton loan={loan} /> : undefined}
            />
          </li>
        ))}
      </ul>
      <LoadMoreButton hasNextPage={loans.hasNextPage} isFetchingNextPage={loans.isFetchingNextPage} onLoadMore={() => void loans.fetchNextPage()} />
    </>
  );
}
