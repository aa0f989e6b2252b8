import { HandHelping, Plus } from 'lucide-react';
import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth';
import { useDeleteMaterial } from '../api/delete-material';
import { AddStockDialog } from '../components/add-stock-dialog';
import { EditStockDialog } from '../components/edit-stock-dialog';
import { LendDialog } from '../components/lend-dialog';
import type { MaterialAction } from '../components/material-card';
import { MaterialList } from '../components/material-list';
import { NewMaterialDialog } from '../components/new-material-dialog';

/** Spec section 2 screen 20: Gestionar Material (types, sizes and stock; add, lend, delete). */
export default function ManageMaterialRoute() {
  const { isAdmin } = useAuth();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [lending, setLending] = useState(false);
  const [action, setAction] = useState<MaterialAction | null>(null);
  const remove = useDeleteMaterial();
  const close = () => setAction(null);
  const deleting = action?.kind === 'delete' ? action.material : undefined;

  return (
    <>
      <PageHeader
        title="Gestionar Material"
        description="Uniformes y equipo: tallas, stock y préstamos a los empleados."
        actions={
          <>
            <Button variant="outline" onClick={() => setLending(true)}>
              <HandHelping aria-hidden="true" />
              Prestar material
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Añadir material
            </Button>
          </>
        }
      />
      {isAdmin && (
        <CompanyPicker id="material-company-filter" empty="all" className="mb-4 sm:w-72" value={companyId ?? ''} onChange={(event) => setCompanyId(event.target.value || null)} />
      )}
      <MaterialList companyId={companyId} showCompany={isAdmin} onAction={setAction} />
      <NewMaterialDialog open={creating} onOpenChange={setCreating} />
      <LendDialog open={lending} onOpenChange={setLending} companyId={companyId} />
      {action?.kind === 'add-stock' && <AddStockDialog material={action.material} onClose={close} />}
      {action?.kind === 'edit-stock' && <EditStockDialog material={action.material} item={action.item} onClose={close} />}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && close()}
        title="Eliminar material"
        description={<span>Se eliminará «{deleting?.name}» con todo su stock. Los préstamos ya hechos se conservan. Esta acción no se puede deshacer.</span>}
        confirmLabel="Eliminar material"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Material eliminado' });
              close();
            },
          })
        }
      />
    </>
  );
}
