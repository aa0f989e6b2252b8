import type { Employee } from '@jornada/shared/schemas/users';
import { Settings2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';

interface EmployeeListProps {
  employees: Employee[];
  /** Given to an administrator, who sees every company: shows a company column. */
  companyNames?: Map<string, string>;
  onOpen: (employee: Employee) => void;
}

function NameWithFlag({ employee }: { employee: Employee }) {
  return (
    <span className="flex flex-wrap items-center gap-2 font-medium">
      {employee.name}
      {employee.isDisabled && <Badge variant="destructive">Deshabilitado</Badge>}
    </span>
  );
}

function Categories({ employee }: { employee: Employee }) {
  if (employee.categories.length === 0) return <span className="text-muted-foreground">Sin categorías</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {employee.categories.map((category) => (
        <Badge key={category.id} variant="outline" className="max-w-full break-words whitespace-normal!">
          {category.name}
        </Badge>
      ))}
    </span>
  );
}

const companyName = (names: Map<string, string>, id: string | null) => (id && names.get(id)) || 'Empresa Desconocida';

function OpenButton({ employee, onOpen }: { employee: Employee; onOpen: EmployeeListProps['onOpen'] }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(employee)} aria-label={`Gestionar a ${employee.name}`}>
      <Settings2 aria-hidden="true" />
      Gestionar
    </Button>
  );
}

/** A table on desktop, a card per employee on phones. */
export function EmployeeList({ employees, companyNames, onOpen }: EmployeeListProps) {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  if (isDesktop) {
    return (
      <Table aria-label="Empleados">
        <TableHeader>
          <TableRow>
            <TableHead>Nombre</TableHead>
            <TableHead>Correo electrónico</TableHead>
            <TableHead>Rol</TableHead>
            {companyNames && <TableHead>Empresa</TableHead>}
            <TableHead>Categorías</TableHead>
            <TableHead className="text-right">Acciones</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {employees.map((employee) => (
            <TableRow key={employee.id}>
              <TableCell>
                <NameWithFlag employee={employee} />
              </TableCell>
              <TableCell className="break-words">{employee.email ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell>{employee.roleName}</TableCell>
              {companyNames && <TableCell>{companyName(companyNames, employee.companyId)}</TableCell>}
              <TableCell>
                <Categories employee={employee} />
              </TableCell>
              <TableCell className="text-right">
                <OpenButton employee={employee} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <ul aria-label="Empleados" className="flex flex-col gap-3">
      {employees.map((employee) => (
        <li key={employee.id}>
          <Card className="flex flex-col gap-3 p-4">
            <div className="flex flex-col gap-1">
              <NameWithFlag employee={employee} />
              <span className="text-sm wrap-anywhere text-muted-foreground">
                {employee.roleName}
                {companyNames && ` · ${companyName(companyNames, employee.companyId)}`}
                {employee.email && ` · ${employee.email}`}
              </span>
            </div>
            <div className="text-sm">
              <Categories employee={employee} />
            </div>
            <div>
              <OpenButton employee={employee} onOpen={onOpen} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
