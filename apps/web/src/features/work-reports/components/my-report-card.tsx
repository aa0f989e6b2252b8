import { formatDateTime } from '@jornada/shared/format';
import type { MyWorkReport } from '@jornada/shared/schemas/work-reports';
import { CheckCircle2, Paperclip } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { SignatureImage } from '@/components/ui/signature-image';

/** A generated report: its event, creation date, 'Firmado' and the signature it was signed with. */
export function MyReportCard({ report }: { report: MyWorkReport }) {
  const titleId = `report-${report.id}`;
  const eventName = report.eventName ?? 'Evento Desconocido';
  return (
    <Card role="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 font-semibold break-words">
          {eventName}
        </h3>
        <Badge variant="success">
          <CheckCircle2 className="size-3.5" aria-hidden="true" />
          Firmado
        </Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        Creado el <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        {report.attachmentCount > 0 && (
          <span className="ml-2 inline-flex items-center gap-1">
            <Paperclip className="size-3.5" aria-hidden="true" />
            {report.attachmentCount === 1 ? '1 adjunto' : `${report.attachmentCount} adjuntos`}
          </span>
        )}
      </p>
      <SignatureImage src={report.signatureUrl} alt={`Firma del parte de ${eventName}`} className="h-24" />
    </Card>
  );
}
