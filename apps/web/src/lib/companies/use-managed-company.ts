import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { useCompanies } from './get-companies';

export interface ManagedCompany {
  isAdmin: boolean;
  /** The administrator's company (?company=, else the first one); null for a supervisor (the server uses theirs) or before the list loads. */
  companyId: string | null;
  /** Whether the screen's query may run: a supervisor always, an administrator once a company is known. */
  ready: boolean;
  /** An administrator with no company created yet: the screen shows that instead of its content. */
  noCompanies: boolean;
  /** Picks the administrator's company, keeping the screen's other parameters (month, year). */
  setCompanyId: (companyId: string) => void;
}

/**
 * The company a manager's screen works on ('Normas de Jornada', 'Reglas de pago', 'Calendario
 * Laboral', 'Registro de Jornada de la Empresa', 'Titulaciones', 'Caducidades'), as the server resolves it (apps/api
 * lib/managed-company.ts): a supervisor's own, or the one an administrator picks, kept in the
 * address so a reload or a shared link shows the same company.
 */
export function useManagedCompany(): ManagedCompany {
  const { isAdmin } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const companies = useCompanies(isAdmin);
  const companyId = isAdmin ? (searchParams.get('company') ?? companies.data?.[0]?.id ?? null) : null;
  return {
    isAdmin,
    companyId,
    ready: !isAdmin || companyId !== null,
    noCompanies: isAdmin && companies.data?.length === 0,
    setCompanyId: (id) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('company', id);
          return next;
        },
        { replace: true },
      ),
  };
}
