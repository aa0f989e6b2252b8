import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useApiTokens } from '../api/api-tokens';
import { ApiTokenCard } from '../components/api-token-card';
import { CreateApiTokenDialog } from '../components/create-api-token-dialog';

/** 'Tokens de API' (issue 28 item 4, decision 054): the user's own tokens for other programs. */
export default function ApiTokensRoute() {
  const tokens = useApiTokens();
  const [creating, setCreating] = useState(false);

  const body = () => {
    if (tokens.isError && !tokens.data) return <Alert variant="destructive">No se pudieron cargar tus tokens.</Alert>;
    if (!tokens.data) return <ListSkeleton rows={2} />;
    if (tokens.data.items.length === 0) return <EmptyState icon={KeyRound}>Todavía no tienes tokens de API.</EmptyState>;
    return (
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Tokens de API">
        {tokens.data.items.map((token) => (
          <li key={token.id}>
            <ApiTokenCard token={token} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeader
        title="Tokens de API"
        description="Para que otro programa (una hoja de cálculo, un panel, la nómina) lea o gestione datos de Jornada en tu nombre, con «Authorization: Bearer». Cada token hace solo lo que le permitas y nunca más de lo que puedes hacer tú."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Nuevo token
          </Button>
        }
      />
      {body()}
      <CreateApiTokenDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
