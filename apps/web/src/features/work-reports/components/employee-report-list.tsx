import { formatDateTime } from '@jornada/shared/format';
import type { EmployeeReportSummary } from '@jornada/shared/schemas/work-reports';
import { Eye, Paperclip } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';

interface EmployeeReportListProps {
  reports: EmployeeReportSummary[];
  showCompany: boolean;
  onOpen: (report: EmployeeReportSummary) => void;
}

const eventNameOf = (report: EmployeeReportSummary) => report.eventName ?? 'Evento Desconocido';
const employeeNameOf = (report: EmployeeReportSummary) => report.employeeName ?? 'Usuario Desconocido';

function OpenButton({ report, onOpen }: { report: EmployeeReportSummary; onOpen: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-label={`Ver parte de ${employeeNameOf(report)} en ${eventNameOf(report)}`} onClick={onOpen}>
      <Eye aria-hidden="true" />
      Ver
    </Button>
  );
}

/** Employees' reports: a table on a desktop, cards on a phone; each opens the detail dialog. */
export function EmployeeReportList({ reports, showCompany, onOpen }: EmployeeReportListProps) {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  if (!isDesktop) {
    return (
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <li key={report.id}>
            <Card className="flex flex-col gap-2 p-4">
              <h2 className="font-semibold break-words">{eventNameOf(report)}</h2>
              <p className="text-sm">{employeeNameOf(report)}</p>
              {showCompany && <p className="text-sm text-muted-foreground">{report.companyName ?? 'Empresa Desconocida'}</p>}
              <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                <span>
                  Enviado el <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                </span>
                <span className="inline-flex items-center gap-1" aria-label={`${report.attachmentCount} adjuntos`}>
                  <Paperclip className="size-3.5" aria-hidden="true" />
                  {report.attachmentCount}
                </span>
              </div>
              <OpenButton report={report} onOpen={() => onOpen(report)} />
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table>
      <TableCaption>Partes de trabajo de los empleados</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Evento</TableHead>
          <TableHead>Empleado</TableHead>
          {showCompany && <TableHead>Empresa</TableHead>}
          <TableHead>Enviado</TableHead>
          <TableHead className="text-right">Adjuntos</TableHead>
          <TableHead>
            <span className="sr-only">Acciones</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {reports.map((report) => (
          <TableRow key={report.id}>
            <TableCell className="max-w-64 font-medium break-words">{eventNameOf(report)}</TableCell>
            <TableCell>{employeeNameOf(report)}</TableCell>
            {showCompany && <TableCell>{report.companyName ?? 'Empresa Desconocida'}</TableCell>}
            <TableCell className="tabular-nums whitespace-nowrap">{formatDateTime(report.createdAt)}</TableCell>
            <TableCell className="text-right tabular-nums">{report.attachmentCount}</TableCell>
            <TableCell className="text-right">
              <OpenButton report={report} onOpen={() => onOpen(report)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
