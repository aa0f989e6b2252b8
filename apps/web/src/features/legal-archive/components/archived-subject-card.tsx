import { formatDateTime, formatLongDate } from '@jornada/shared/format';
import type { ArchivedSubject } from '@jornada/shared/schemas/legal-archive';
import { FileDown, FileSpreadsheet, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { archiveDownloadUrl } from '../api/get-archived-records';
import { ArchivedRecordsDialog } from './archived-records-dialog';

const formatDayKey = (day: string) => day.split('-').reverse().join('/');

/** The calendar years the subject's records span, newest first: one download per year. */
function yearsOf(subject: ArchivedSubject): number[] {
  if (!subject.firstDay || !subject.lastDay) return [];
  const years: number[] = [];
  for (let year = Number(subject.lastDay.slice(0, 4)); year >= Number(subject.firstDay.slice(0, 4)); year--) years.push(year);
  return years;
}

/** An archived company or worker: who, when deleted, what is kept and until when; records and downloads. */
export function ArchivedSubjectCard({ subject }: { subject: ArchivedSubject }) {
  const [viewing, setViewing] = useState(false);
  const years = yearsOf(subject);
  return (
    <Card role="article" aria-label={subject.name}>
      <CardHeader>
        <CardTitle className="text-base break-words">{subject.name}</CardTitle>
        {subject.kind === 'user' && (
          <p className="text-sm break-words text-muted-foreground">
            {[subject.username, subject.email, subject.companyName].filter(Boolean).join(' · ')}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Eliminado</dt>
          <dd>{`${formatDateTime(subject.deletedAt)} por ${subject.deletedByName}`}</dd>
          <dt className="text-muted-foreground">Fichajes</dt>
          <dd>{subject.kind === 'company' ? `${subject.recordCount} · ${subject.workerCount} ${subject.workerCount === 1 ? 'trabajador' : 'trabajadores'}` : subject.recordCount}</dd>
          {subject.firstDay && subject.lastDay && (
            <>
              <dt className="text-muted-foreground">Periodo</dt>
              <dd>{`${formatDayKey(subject.firstDay)} – ${formatDayKey(subject.lastDay)}`}</dd>
            </>
          )}
          {subject.purgeAfter && (
            <>
              <dt className="text-muted-foreground">Se purga</dt>
              <dd>{`después del ${formatLongDate(subject.purgeAfter)}`}</dd>
            </>
          )}
        </dl>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setViewing(true)}>
          <ListChecks aria-hidden="true" />
          Ver fichajes
        </Button>
        {years.map((year) => (
          <span key={year} className="flex gap-2">
            <a href={archiveDownloadUrl(subject.id, 'pdf', year)} className={buttonClasses('outline', 'sm')}>
              <FileDown aria-hidden="true" />
              <span className="sr-only">Descargar </span>
              PDF {year}
            </a>
            <a href={archiveDownloadUrl(subject.id, 'csv', year)} className={buttonClasses('outline', 'sm')}>
              <FileSpreadsheet aria-hidden="true" />
              <span className="sr-only">Descargar </span>
              CSV {year}
            </a>
          </span>
        ))}
      </CardFooter>
      <ArchivedRecordsDialog subject={subject} open={viewing} onOpenChange={setViewing} />
    </Card>
  );
}
