import type { CompanyRegistro } from '@jornada/shared/schemas/registro';
import { formatDateTime } from '@jornada/shared/format';
import { formatHoursMinutes } from '@jornada/shared/working-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

type Employee = CompanyRegistro['employees'][number];

/** One line per worker: totals, broken rules and whether they signed; 'Ver registro' opens the month. */
export function CompanyRegistroList({ data, onOpen }: { data: CompanyRegistro; onOpen: (employee: Employee) => void }) {
  if (data.employees.length === 0) return <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">La empresa no tiene trabajadores.</p>;
  return (
    <ul aria-label="Trabajadores" className="flex flex-col divide-y divide-border rounded-md border border-border bg-card">
      {data.employees.map((employee) => (
        <li key={employee.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="font-medium break-words">{employee.name}</p>
            <p className="text-sm text-muted-foreground tabular-nums">
              {employee.workedMinutes === 0 ? '0 h' : formatHoursMinutes(employee.workedMinutes)} trabajadas · {employee.overtimeMinutes === 0 ? '0 h' : formatHoursMinutes(employee.overtimeMinutes)} extra
              {employee.breakCount > 0 && <span className="text-destructive"> · {employee.breakCount} incumplimientos</span>}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {employee.signedAt ? (
              <Badge variant="success">Firmado el {formatDateTime(employee.signedAt)}</Badge>
            ) : (
              <Badge variant={data.closed ? 'warning' : 'outline'}>{data.closed ? 'Sin firmar' : 'Mes en curso'}</Badge>
            )}
            <Button variant="outline" size="sm" onClick={() => onOpen(employee)} aria-label={`Ver registro de ${employee.name}`}>
              Ver registro
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
