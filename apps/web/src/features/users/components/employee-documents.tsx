import type { Employee } from '@jornada/shared/schemas/users';
import { EmployeeDocumentsTab } from '@/features/documents/components/employee-documents-tab';

/** The 'Documentos' tab of the employee dialog, filled by the documents feature. */
export function EmployeeDocuments({ employee }: { employee: Employee }) {
  return <EmployeeDocumentsTab employeeId={employee.id} />;
}
