import { formatDateTime } from '@jornada/shared/format';
import { correctionStatusLabels, type Correction, type CorrectionStatus } from '@jornada/shared/schemas/corrections';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { RecordFlagBadges } from '@/components/record-flag-badges';
import { CorrectionValues } from './correction-values';

const statusVariant: Record<CorrectionStatus, BadgeVariant> = {
  pendiente: 'warning',
  aprobada: 'success',
  rechazada: 'destructive',
  retirada: 'outline',
};

export function CorrectionStatusBadge({ status }: { status: CorrectionStatus }) {
  return <Badge variant={statusVariant[status]}>{correctionStatusLabels[status]}</Badge>;
}

/** Who proposed it, and when: 'Propuesta por Marta López (empresa) el 21/11/2026 10:00'. */
function proposedLine(correction: Correction): string {
  const side = correction.proposerSide === 'empresa' ? 'empresa' : 'empleado';
  return `Propuesta por ${correction.proposerName ?? 'Usuario Desconocido'} (${side}) el ${formatDateTime(correction.createdAt)}`;
}

function decisionLine(correction: Correction): string | null {
  if (correction.status === 'pendiente' || !correction.decidedAt) return null;
  const who = correction.deciderName ?? 'Usuario Desconocido';
  const verb = { aprobada: 'Aprobada', rechazada: 'Rechazada', retirada: 'Retirada' }[correction.status];
  return `${verb} por ${who} el ${formatDateTime(correction.decidedAt)}${correction.signed ? ' · con firma del empleado' : ''}`;
}

/** One correction: worker and event, before/after, reason, who proposed and decided; actions below. */
export function CorrectionCard({ correction, showWorker, showCompany, actions }: { correction: Correction; showWorker: boolean; showCompany?: boolean; actions?: ReactNode }) {
  const decision = decisionLine(correction);
  return (
    <article aria-label={`${correction.missingRecord ? 'Alta de fichaje' : 'Corrección'} de ${correction.userName ?? 'Usuario Desconocido'}`} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {showWorker && <p className="font-semibold break-words">{correction.userName ?? 'Usuario Desconocido'}</p>}
          <p className={showWorker ? 'break-words text-muted-foreground' : 'font-semibold break-words'}>{correction.eventName ?? 'Evento Desconocido'}</p>
          {showCompany && <p className="text-sm break-words text-muted-foreground">{correction.companyName ?? 'Empresa Desconocida'}</p>}
        </div>
        <div className="flex flex-wrap gap-1">
          {correction.missingRecord && <Badge variant="secondary">Alta de fichaje</Badge>}
          <RecordFlagBadges flags={correction.recordFlags} />
          <CorrectionStatusBadge status={correction.status} />
        </div>
      </div>
      <CorrectionValues before={{ start: correction.beforeStart, end: correction.beforeEnd }} after={{ start: correction.afterStart, end: correction.afterEnd }} />
      <div className="text-sm">
        <p>
          <span className="font-medium">Motivo:</span> <span className="break-words">{correction.reason}</span>
        </p>
        <p className="text-muted-foreground">{proposedLine(correction)}</p>
        {decision && <p className="text-muted-foreground">{decision}</p>}
        {correction.decisionNote && (
          <p>
            <span className="font-medium">Nota:</span> <span className="break-words">{correction.decisionNote}</span>
          </p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
