import type { Company } from '@jornada/shared/schemas/companies';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

interface CompanySelectProps {
  companies: readonly Company[];
  companyId: string | null;
  onChange: (companyId: string) => void;
  disabled?: boolean;
}

/** The administrator picks the company whose payments to see (payments are always one company's). */
export function CompanySelect({ companies, companyId, onChange, disabled }: CompanySelectProps) {
  return (
    <div className="flex flex-col gap-2 sm:w-72">
      <Label htmlFor="payments-company">Empresa</Label>
      <NativeSelect id="payments-company" value={companyId ?? ''} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
        {companyId === null && <option value="">Selecciona una empresa</option>}
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
