import type { Employee } from '@jornada/shared/schemas/users';
import { FolderOpen } from 'lucide-react';

/**
 * The 'Documentos' tab of the employee dialog. The API does not return an employee's
 * documents yet; the documents feature will fill this component (document keys with their
 * file name, or 'Documento sin nombre'), keeping its props.
 */
export function EmployeeDocuments(_props: { employee: Employee }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-input px-4 py-8 text-center text-muted-foreground">
      <FolderOpen className="size-6" aria-hidden="true" />
      <p>Sin documentos</p>
    </div>
  );
}
