import { formatDateTime, formatKilobytes } from '@jornada/shared/format';
import { NO_OBSERVATIONS, type EmployeeReportDetail, type EmployeeReportSummary } from '@jornada/shared/schemas/work-reports';
import { Download, Paperclip } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SignatureImage } from '@/components/ui/signature-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useEmployeeReport } from '../api/get-employee-report';
import { EventWhen } from './event-when';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Attachments({ report }: { report: EmployeeReportDetail }) {
  if (report.attachments.length === 0) return <p className="text-sm text-muted-foreground">Sin adjuntos.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
      {report.attachments.map((attachment) => (
        <li key={attachment.id} className="flex items-center gap-2 py-1 pr-1 pl-3">
          <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate text-sm">{attachment.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatKilobytes(attachment.size)}</span>
          <a href={attachment.url} download={attachment.name} aria-label={`Descargar ${attachment.name}`} className={buttonClasses('ghost', 'icon')}>
            <Download aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Detail({ report }: { report: EmployeeReportDetail }) {
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <Section title="Empleado">
        <p className="text-sm">{report.employeeName ?? 'Usuario Desconocido'}</p>
      </Section>
      <Section title="Fecha del parte">
        <p className="text-sm">
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        </p>
      </Section>
      <Section title="Evento">
        <div className="rounded-lg bg-muted p-3">
          <EventWhen startTime={report.eventStartTime} endTime={report.eventEndTime} location={report.eventLocation} />
        </div>
      </Section>
      <Section title="Observaciones">
        <p className={report.observations ? 'text-sm break-words whitespace-pre-wrap' : 'text-sm text-muted-foreground'}>{report.observations || NO_OBSERVATIONS}</p>
      </Section>
      <Section title="Adjuntos">
        <Attachments report={report} />
      </Section>
      <Section title="Firma">
        <SignatureImage src={report.signatureUrl} alt={`Firma de ${report.employeeName ?? 'Usuario Desconocido'}`} className="h-32" />
      </Section>
    </div>
  );
}

/** The detail of one employee's report: employee, date, observations, attachments (download) and signature. */
export function EmployeeReportDialog({ summary, onClose }: { summary: EmployeeReportSummary; onClose: () => void }) {
  const report = useEmployeeReport(summary.id);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>Parte de Trabajo</DialogTitle>
          <DialogDescription>{summary.eventName ?? 'Evento Desconocido'}</DialogDescription>
        </DialogHeader>
        {report.isPending ? (
          <div role="status" aria-label="Cargando" className="flex flex-col gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-32" />
          </div>
        ) : report.isError ? (
          <p className="text-sm text-muted-foreground">No se pudo cargar el parte de trabajo.</p>
        ) : (
          <Detail report={report.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
