import type { TimeRecord } from '@jornada/shared/schemas/time-records';
import { History, PencilLine } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProposeCorrectionDialog } from './propose-correction-dialog-lazy';
import { RecordHistoryDialog } from './record-history-dialog';

type Record = Pick<TimeRecord, 'id' | 'startTime' | 'endTime' | 'eventName' | 'sinCierre' | 'status' | 'pendingCorrection' | 'corrected' | 'addedByCorrection'>;

/** The registro flags of a record: 'Sin cierre', 'Alta por corrección' or 'Corregido', 'Corrección pendiente'. */
export function RecordFlags({ record }: { record: Record }) {
  return (
    <>
      {record.sinCierre && <Badge variant="destructive">Sin cierre</Badge>}
      {record.addedByCorrection ? <Badge variant="secondary">Alta por corrección</Badge> : record.corrected && <Badge variant="secondary">Corregido</Badge>}
      {record.pendingCorrection && <Badge variant="warning">Corrección pendiente</Badge>}
    </>
  );
}

/**
 * 'Solicitar corrección' (completed records, or open ones 'Sin cierre') and 'Historial' for one
 * record; `byCompany` when a supervisor looks at someone else's record.
 */
export function RecordCorrectionButtons({
  record,
  byCompany,
  workerName,
  compact = false,
}: {
  record: Record;
  byCompany: boolean;
  workerName?: string | null;
  /** Icon-only buttons (with their names as tooltips), for table rows. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState<'propose' | 'history' | null>(null);
  const correctable = (record.status === 'completado' || record.sinCierre) && !record.pendingCorrection;
  const label = `${record.eventName ?? 'Evento Desconocido'}${workerName ? `, ${workerName}` : ''}`;
  // The accessible name starts with the visible text (WCAG 2.5.3).
  const proposeText = byCompany ? 'Proponer corrección' : 'Solicitar corrección';
  return (
    <>
      {correctable && (
        <Button
          size={compact ? 'icon' : 'sm'}
          variant="outline"
          onClick={() => setOpen('propose')}
          onPointerEnter={ProposeCorrectionDialog.preload}
          onFocus={ProposeCorrectionDialog.preload}
          aria-label={`${proposeText}: ${label}`}
          title={compact ? proposeText : undefined}
        >
          <PencilLine aria-hidden="true" />
          {!compact && proposeText}
        </Button>
      )}
      <Button
        size={compact ? 'icon' : 'sm'}
        variant="ghost"
        onClick={() => setOpen('history')}
        aria-label={`Historial de cambios: ${label}`}
        title={compact ? 'Historial de cambios' : undefined}
      >
        <History aria-hidden="true" />
        {!compact && 'Historial'}
      </Button>
      {open === 'propose' && (
        <Suspense fallback={null}>
          <ProposeCorrectionDialog record={record} workerName={workerName} byCompany={byCompany} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {open === 'history' && <RecordHistoryDialog recordId={record.id} onClose={() => setOpen(null)} />}
    </>
  );
}
