import { PackageOpen } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useMyLoans } from '../api/get-my-loans';
import { EmployeeLoanActions } from './employee-loan-actions';
import { LoanCard } from './loan-card';

function HeldLoans() {
  const loans = useMyLoans('held');
  if (loans.isPending) return <ListSkeleton rows={2} rowClassName="h-32" />;
  if (loans.isError) return <EmptyState>No se pudo cargar tu material prestado.</EmptyState>;
  if (loans.data.items.length === 0) return <EmptyState icon={PackageOpen}>No tienes material prestado.</EmptyState>;
  return (
    <ul aria-label="Material prestado" className="flex flex-col gap-3">
      {loans.data.items.map((loan) => (
        <li key={loan.id}>
          <LoanCard loan={loan} title={`Prestado por ${loan.supervisorName}`} actions={<EmployeeLoanActions loan={loan} />} />
        </li>
      ))}
    </ul>
  );
}

/** Mi Cuenta, Empleado only (spec screen 22): the material they hold, confirmed with their signature. */
export function HeldMaterialSection() {
  const { isEmployee } = useAuth();
  if (!isEmployee) return null;
  return (
    <section aria-labelledby="held-material-title">
      <Card>
        <CardHeader>
          <CardTitle id="held-material-title">Material prestado</CardTitle>
          <CardDescription>El material que has recibido y confirmado con tu firma.</CardDescription>
        </CardHeader>
        <CardContent>
          <HeldLoans />
        </CardContent>
      </Card>
    </section>
  );
}
