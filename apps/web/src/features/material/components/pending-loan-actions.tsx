import { useAuth } from '@/lib/auth';
import { useMyLoans } from '../api/get-my-loans';
import { EmployeeLoanActions } from './employee-loan-actions';
import { LoanCard } from './loan-card';

const waitingText = {
  'Pendiente de confirmación': 'Confirma que lo has recibido, con tu firma, o deniega la recepción.',
  'Pendiente de devolución': 'Tu supervisor ha solicitado la devolución de este material.',
} as const;

/**
 * The employee's loans for the overview's 'Acciones Pendientes' (spec screen 1): one list item per
 * loan that waits for their answer (receipt or return), nothing at all when none does. The overview's
 * slot holds the heading and the list.
 */
export function PendingLoanActions() {
  const { isEmployee } = useAuth();
  const loans = useMyLoans('pending', isEmployee);
  if (!isEmployee) return null;
  return (loans.data?.items ?? []).map((loan) => (
    <li key={loan.id}>
      <LoanCard
        loan={loan}
        title={`Material prestado por ${loan.supervisorName}`}
        subtitle={loan.status in waitingText ? waitingText[loan.status as keyof typeof waitingText] : undefined}
        actions={<EmployeeLoanActions loan={loan} />}
      />
    </li>
  ));
}
