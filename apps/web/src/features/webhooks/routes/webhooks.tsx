import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { useWebhooks } from '../api/webhooks';
import { CreateWebhookDialog } from '../components/create-webhook-dialog';
import { WebhookCard } from '../components/webhook-card';

/** 'Webhooks' (issue 28 item 5, decision 050): the company's subscriptions and their deliveries. */
export default function WebhooksRoute() {
  const company = useManagedCompany();
  const webhooks = useWebhooks(company.companyId, company.ready);
  const [creating, setCreating] = useState(false);

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (webhooks.isError && !webhooks.data) return <Alert variant="destructive">No se pudieron cargar los webhooks.</Alert>;
    if (!webhooks.data) return <ListSkeleton rows={2} />;
    if (webhooks.data.items.length === 0) return <EmptyState icon={Webhook}>La empresa no tiene webhooks.</EmptyState>;
    return (
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Webhooks">
        {webhooks.data.items.map((webhook) => (
          <li key={webhook.id}>
            <WebhookCard webhook={webhook} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Avisos firmados a otros programas de la empresa (nóminas, control de accesos…) cuando alguien ficha, se le asigna un turno o se deciden sus vacaciones."
        actions={
          <Button onClick={() => setCreating(true)} disabled={!company.ready}>
            <Plus aria-hidden="true" />
            Nuevo webhook
          </Button>
        }
      />
      {company.isAdmin && (
        <div className="mb-4">
          <ManagedCompanyPicker id="webhooks-company" company={company} />
        </div>
      )}
      {body()}
      <CreateWebhookDialog open={creating} onOpenChange={setCreating} companyId={company.companyId} />
    </>
  );
}
