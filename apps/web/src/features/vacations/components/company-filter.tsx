import type { Company } from '@jornada/shared/schemas/companies';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

interface CompanyFilterProps {
  companies: readonly Company[];
  companyId: string | null;
  onChange: (companyId: string | null) => void;
  disabled?: boolean;
}

/** The administrator's company filter: every company, or one. */
export function CompanyFilter({ companies, companyId, onChange, disabled }: CompanyFilterProps) {
  return (
    <div className="flex flex-col gap-2 sm:w-72">
      <Label htmlFor="vacations-company">Empresa</Label>
      <NativeSelect id="vacations-company" value={companyId ?? ''} onChange={(event) => onChange(event.target.value || null)} disabled={disabled}>
        <option value="">Todas las empresas</option>
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
