import type { ArchivedSubject } from '@jornada/shared/schemas/legal-archive';
import { DEFAULT_TIME_ZONE } from '@jornada/shared/format';
import { AccessRecords } from '@/components/registro/access-records';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Spinner } from '@/components/ui/spinner';
import { useArchivedRecords } from '../api/get-archived-records';

interface ArchivedRecordsDialogProps {
  subject: ArchivedSubject;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The archived subject's records, read-only, oldest first. */
export function ArchivedRecordsDialog({ subject, open, onOpenChange }: ArchivedRecordsDialogProps) {
  const records = useArchivedRecords(subject.id, open);
  const rows = records.data?.pages.flatMap((page) => page.records) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="5xl">
        <DialogHeader>
          <DialogTitle>Fichajes archivados de {subject.name}</DialogTitle>
          <DialogDescription>Solo lectura. Horas en la zona horaria de la empresa.</DialogDescription>
        </DialogHeader>
        {records.isPending ? (
          <Spinner />
        ) : rows.length ? (
          <AccessRecords records={rows} timeZone={DEFAULT_TIME_ZONE} />
        ) : (
          <EmptyState>No queda ningún fichaje archivado.</EmptyState>
        )}
        <LoadMoreButton hasNextPage={records.hasNextPage} isFetchingNextPage={records.isFetchingNextPage} onLoadMore={() => void records.fetchNextPage()} />
      </DialogContent>
    </Dialog>
  );
}
