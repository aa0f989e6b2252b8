import { formatDateTime } from '@jornada/shared/format';
import type { AccessLink } from '@jornada/shared/schemas/access-links';
import { Ban, History } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useRevokeAccessLink } from '../api/revoke-access-link';
import { formatPeriod, stateBadges, stateLabels } from '../lib/access-link-format';
import { LinkUsesDialog } from './link-uses-dialog';

function Line({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-2">
      <dt className="text-muted-foreground sm:w-28 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One link: its state, period, purpose, who made it, expiry, uses; 'Ver usos' and 'Revocar'. */
export function LinkCard({ link, showCompany }: { link: AccessLink; showCompany: boolean }) {
  const [showUses, setShowUses] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeAccessLink();

  const onRevoke = () =>
    revoke.mutate(link.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Enlace revocado', description: 'Ya no da acceso al registro.' });
      },
    });

  return (
    <Card role="article" aria-label={`Enlace: ${link.purpose}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle className="min-w-0 text-base break-words">{link.purpose}</CardTitle>
        <Badge variant={stateBadges[link.state]}>{stateLabels[link.state]}</Badge>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-1 text-sm">
          {showCompany && <Line term="Empresa">{link.companyName}</Line>}
          <Line term="Periodo">{formatPeriod(link.from, link.to)}</Line>
          <Line term="Creado">{`${formatDateTime(link.createdAt)} por ${link.createdByName}`}</Line>
          {link.revokedAt ? (
            <Line term="Revocado">{`${formatDateTime(link.revokedAt)} por ${link.revokedByName ?? '—'}`}</Line>
          ) : (
            <Line term={link.state === 'caducado' ? 'Caducó' : 'Caduca'}>{formatDateTime(link.expiresAt)}</Line>
          )}
          <Line term="Usos">{link.useCount === 0 ? 'Ninguno' : `${link.useCount} (último: ${formatDateTime(link.lastUsedAt!)})`}</Line>
        </dl>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setShowUses(true)}>
          <History aria-hidden="true" />
          Ver usos
        </Button>
        {link.state === 'activo' && (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Ban aria-hidden="true" />
            Revocar
          </Button>
        )}
      </CardFooter>
      <LinkUsesDialog link={link} open={showUses} onOpenChange={setShowUses} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Revocar el enlace?"
        description={<p>{`Quien lo tenga dejará de ver el registro de ${formatPeriod(link.from, link.to)}. No se puede deshacer: si hace falta, crea uno nuevo.`}</p>}
        confirmLabel="Revocar enlace"
        onConfirm={onRevoke}
        pending={revoke.isPending}
      />
    </Card>
  );
}
