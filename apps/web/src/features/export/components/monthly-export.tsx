import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { MonthPicker } from '@/components/ui/month-picker';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { currentMonth, monthLabel } from '@/lib/month';
import { useDownloadMonthlyExport } from '../api/download-monthly-export';

/**
 * The supervisor's monthly report (spec screen 22): pick a month, 'Generar Informe' downloads the
 * company's JSON (employees, events, time records, work reports, loans and payments of the month).
 */
export function MonthlyExport() {
  const [month, setMonth] = useState(currentMonth);
  const download = useDownloadMonthlyExport();

  const generate = () =>
    download.mutate(month, {
      onSuccess: (fileName) => toast({ title: '¡Informe Generado!', description: `Se ha descargado ${fileName}.` }),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="export-month">Mes del informe</Label>
        <MonthPicker id="export-month" month={month} label="Mes del informe" onChange={setMonth} />
      </div>
      <Button className="w-full sm:w-auto sm:self-start" onClick={generate} disabled={download.isPending}>
        {download.isPending ? <Spinner /> : <FileDown aria-hidden="true" />}
        Generar Informe
      </Button>
      <p className="text-sm text-muted-foreground">Se descargará el informe de {monthLabel(month).toLowerCase()} en formato JSON.</p>
    </div>
  );
}
