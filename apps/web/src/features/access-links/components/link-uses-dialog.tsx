import { formatDateTime } from '@jornada/shared/format';
import { accessUseKindLabels, type AccessLink } from '@jornada/shared/schemas/access-links';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAccessLinkUses } from '../api/get-access-link-uses';

interface LinkUsesDialogProps {
  link: AccessLink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Usos': every view and download through the link, with time and IP (newest first). */
export function LinkUsesDialog({ link, open, onOpenChange }: LinkUsesDialogProps) {
  const uses = useAccessLinkUses(link.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Usos del enlace</DialogTitle>
          <DialogDescription>{link.purpose}</DialogDescription>
        </DialogHeader>
        {uses.isPending ? (
          <Spinner />
        ) : uses.data?.uses.length ? (
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">Fecha</th>
                <th scope="col" className="py-1 pr-2 font-medium">Uso</th>
                <th scope="col" className="py-1 font-medium">IP</th>
              </tr>
            </thead>
            <tbody>
              {uses.data.uses.map((use) => (
                <tr key={use.id} className="border-t border-border">
                  <td className="py-1.5 pr-2 tabular-nums">{formatDateTime(use.usedAt)}</td>
                  <td className="py-1.5 pr-2">{accessUseKindLabels[use.kind]}</td>
                  <td className="py-1.5 font-mono text-xs break-all">{use.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-muted-foreground">Nadie ha usado todavía este enlace.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
