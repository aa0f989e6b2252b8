import { formatDateTime } from '@jornada/shared/format';
import { apiTokenScopeLabels, type ApiToken } from '@jornada/shared/schemas/api-tokens';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRevokeApiToken } from '../api/api-tokens';

function stateOf(token: ApiToken, now: number): { label: string; variant: 'default' | 'secondary' | 'outline' | 'destructive' } {
  if (token.revokedAt) return { label: 'Revocado', variant: 'secondary' };
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return { label: 'Caducado', variant: 'secondary' };
  return { label: 'Activo', variant: 'default' };
}

/** One token: name, hint, scopes, dates and its last use; 'Revocar' while it works. */
export function ApiTokenCard({ token }: { token: ApiToken }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiToken();
  const state = stateOf(token, Date.now());
  const usable = state.label === 'Activo';

  return (
    <Card role="article" aria-label={`Token: ${token.name}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle className="min-w-0 text-base break-words">{token.name}</CardTitle>
        <Badge variant={state.variant}>{state.label}</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <p className="font-mono text-muted-foreground">{token.hint}…</p>
        <p>{token.scopes.map((scope) => apiTokenScopeLabels[scope].label).join(' · ')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
          <dt>Creado</dt>
          <dd>{formatDateTime(token.createdAt)}</dd>
          <dt>Caduca</dt>
          <dd>{token.expiresAt ? formatDateTime(token.expiresAt) : 'Nunca'}</dd>
          <dt>Último uso</dt>
          <dd>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Sin usar'}</dd>
          {token.revokedAt && (
            <>
              <dt>Revocado</dt>
              <dd>{formatDateTime(token.revokedAt)}</dd>
            </>
          )}
        </dl>
      </CardContent>
      {usable && (
        <CardFooter>
          <Button variant="outline" onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" />
            Revocar
          </Button>
        </CardFooter>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revocar token"
        description={`«${token.name}» dejará de funcionar en este mismo momento. No se puede deshacer.`}
        confirmLabel="Revocar token"
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(token.id, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
