import type { MaterialLoan } from '@jornada/shared/schemas/material';
import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { SignatureImage } from '@/components/ui/signature-image';
import { LoanDates } from './loan-dates';
import { LoanItems } from './loan-items';
import { LoanStatusBadge } from './loan-status-badge';

interface LoanCardProps {
  loan: MaterialLoan;
  /** The heading: the employee (supervisor's history) or the lender (employee's side). */
  title: string;
  subtitle?: ReactNode;
  /** Buttons under the card ('Solicitar devolución', 'Confirmar recepción'…). */
  actions?: ReactNode;
}

/** One material loan: who, its lines, its status and dates, and the receipt signature once signed. */
export function LoanCard({ loan, title, subtitle, actions }: LoanCardProps) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="leading-tight font-semibold break-words">
            {title}
          </h3>
          {subtitle && <p className="mt-0.5 text-sm text-muted-foreground">{subtitle}</p>}
        </div>
        <LoanStatusBadge status={loan.status} />
      </div>
      <LoanItems items={loan.lentItems} />
      <LoanDates loan={loan} />
      {loan.signed && (
        <div className="flex flex-col gap-1">
          <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Firma de recepción</span>
          <SignatureImage src={`/api/material-loans/${encodeURIComponent(loan.id)}/signature`} alt={`Firma de ${loan.employeeName}`} className="h-20 w-full max-w-60" />
        </div>
      )}
      {actions && <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div>}
    </Card>
  );
}
