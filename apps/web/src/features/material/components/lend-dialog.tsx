import { PackageX } from 'lucide-react';
import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { useMaterials } from '../api/get-materials';
import { LendForm } from './lend-form';

/** The materials of the company lent from, then the form; an administrator first picks the company. */
function LendDialogBody({ initialCompanyId, onDone }: { initialCompanyId: string | null; onDone: () => void }) {
  const { isAdmin } = useAuth();
  const [companyId, setCompanyId] = useState<string | null>(isAdmin ? initialCompanyId : null);
  const ready = !isAdmin || companyId !== null;
  const materials = useMaterials(companyId, ready);
  const lendable = (materials.data?.items ?? []).filter((material) => material.items.length > 0);

  return (
    <div className="flex flex-col gap-4">
      {isAdmin && (
        <CompanyPicker id="lend-company" empty="choose" value={companyId ?? ''} onChange={(event) => setCompanyId(event.target.value || null)} />
      )}
      {!ready ? null : materials.isPending ? (
        <ListSkeleton rows={2} rowClassName="h-16" />
      ) : lendable.length === 0 ? (
        <EmptyState icon={PackageX}>No hay material registrado para prestar. Añádelo en Gestionar Material.</EmptyState>
      ) : (
        <LendForm key={companyId ?? 'own'} companyId={companyId} materials={lendable} onDone={onDone} />
      )}
    </div>
  );
}

interface LendDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The administrator's company filter on the screen, as the first choice. */
  companyId?: string | null;
}

/** 'Prestar material': from Gestionar Material and Material Prestado. */
export function LendDialog({ open, onOpenChange, companyId = null }: LendDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Prestar material</DialogTitle>
          <DialogDescription>El préstamo queda pendiente hasta que el empleado confirme la recepción con su firma.</DialogDescription>
        </DialogHeader>
        {open && <LendDialogBody initialCompanyId={companyId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
