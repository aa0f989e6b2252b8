import { cn } from '@/lib/cn';
import type { ManagedCompany } from '@/lib/companies/use-managed-company';
import { CompanyPicker } from './company-picker';

/** The administrator's company choice of a manager's screen (useManagedCompany); nothing for a supervisor. */
export function ManagedCompanyPicker({ id, company, className }: { id: string; company: ManagedCompany; className?: string }) {
  if (!company.isAdmin) return null;
  return (
    <CompanyPicker
      id={id}
      empty="choose"
      className={cn('sm:w-72', className)}
      value={company.companyId ?? ''}
      onChange={(event) => company.setCompanyId(event.target.value)}
    />
  );
}
