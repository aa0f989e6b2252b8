import type { Employee } from '@jornada/shared/schemas/users';
import { EmployeeUnavailability } from '@/features/availability/components/employee-unavailability';
import { EmployeeDocumentsTab } from '@/features/documents/components/employee-documents-tab';
import { EmployeeQualifications } from '@/features/qualifications/components/employee-qualifications';

/** The 'Documentos' tab of the employee dialog, filled by the documents feature. */
export function EmployeeDocuments({ employee }: { employee: Employee }) {
  return <EmployeeDocumentsTab employeeId={employee.id} />;
}

/** The 'Titulaciones' tab, filled by the qualifications feature (decision 042). */
export function EmployeeQualificationsTab({ employee }: { employee: Employee }) {
  return <EmployeeQualifications employeeId={employee.id} companyId={employee.companyId} />;
}

/** The 'Disponibilidad' tab, filled by the availability feature (decision 044), read-only. */
export function EmployeeAvailabilityTab({ employee }: { employee: Employee }) {
  return <EmployeeUnavailability employeeId={employee.id} />;
}
