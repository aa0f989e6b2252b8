import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { downloadUrl } from '@/lib/download-url';
import { useEmployeeRegistro } from '../api/get-employee-registro';
import { LoadError } from './load-error';
import { monthLabel } from './month-label';
import { RegistroDayList } from './registro-day-list';
import { RegistroDownloads } from './registro-downloads';
import { RegistroSummary } from './registro-summary';

interface EmployeeRegistroDialogProps {
  employee: { id: string; name: string };
  month: string;
  companyId: string | null;
  onClose: () => void;
}

/** One worker's month, opened from the company list, with its own downloads. */
export function EmployeeRegistroDialog({ employee, month, companyId, onClose }: EmployeeRegistroDialogProps) {
  const registro = useEmployeeRegistro(employee.id, month, companyId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="3xl">
        <DialogHeader>
          <DialogTitle>Registro de {employee.name}</DialogTitle>
          <DialogDescription>Registro de jornada de {monthLabel(month)}.</DialogDescription>
        </DialogHeader>
        {registro.isError && <LoadError message="No se pudo cargar el registro." onRetry={() => void registro.refetch()} />}
        {!registro.data && !registro.isError && <ListSkeleton rows={3} rowClassName="h-16" />}
        {registro.data && (
          <div className="flex flex-col gap-4">
            <RegistroSummary month={registro.data} />
            <RegistroDownloads
              label={`de ${employee.name}`}
              url={(format) => downloadUrl(`/registro/employees/${encodeURIComponent(employee.id)}/download`, { month, format, companyId })}
            />
            <RegistroDayList days={registro.data.days} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
