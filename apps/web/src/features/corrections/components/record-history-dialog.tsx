import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorDescription } from '@/lib/error-message';
import { useRecordHistory } from '../api/corrections';
import { CorrectionActions } from './correction-actions';
import { CorrectionCard } from './correction-card';
import { intervalText } from './correction-values';

/** 'Historial de cambios': every correction of one record, oldest first, with who, when, before, after and why. */
export function RecordHistoryDialog({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const history = useRecordHistory(recordId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="2xl">
        <DialogHeader>
          <DialogTitle>Historial de cambios</DialogTitle>
          <DialogDescription>
            {history.data
              ? `${history.data.record.eventName ?? 'Evento Desconocido'} · ahora: ${intervalText(history.data.record.startTime, history.data.record.endTime)}${history.data.record.addedByCorrection ? ' (alta por corrección)' : history.data.record.corrected ? ' (corregido)' : ''}`
              : 'Correcciones propuestas para este fichaje.'}
          </DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <Skeleton className="h-40" />
        ) : history.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorDescription(history.error, 'No se pudo cargar el historial.')}
          </p>
        ) : history.data.items.length === 0 ? (
          <EmptyState>Este fichaje no tiene correcciones.</EmptyState>
        ) : (
          <ol aria-label="Correcciones del fichaje" className="flex flex-col gap-3">
            {history.data.items.map((item) => (
              <li key={item.id}>
                <CorrectionCard correction={item} showWorker={false} actions={<CorrectionActions correction={item} />} />
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
