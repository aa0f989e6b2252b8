import { formatDateTime, formatLongDate } from '@jornada/shared/format';
import { mailStatusLabels, type MailStatus, type OutboxMail } from '@jornada/shared/schemas/mail';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const statusVariant: Record<MailStatus, BadgeVariant> = { pending: 'secondary', sent: 'success', unsent: 'warning', failed: 'destructive' };

/** The outbox, newest first: each row opens (a native disclosure) to show the plain-text part. */
export function MailList({ mails }: { mails: OutboxMail[] }) {
  return (
    <ol aria-label="Correos" className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      {mails.map((mail) => (
        <li key={mail.id}>
          <details className="group">
            <summary className="flex cursor-pointer list-none flex-col gap-1.5 px-4 py-3 hover:bg-muted/50 sm:flex-row sm:items-start sm:gap-4 [&::-webkit-details-marker]:hidden">
              <div className="flex shrink-0 flex-wrap items-center gap-2 sm:w-60">
                <time dateTime={mail.createdAt} title={formatLongDate(mail.createdAt)} className="text-sm font-medium text-muted-foreground tabular-nums">
                  {formatDateTime(mail.createdAt)}
                </time>
                <Badge variant={statusVariant[mail.status]}>{mailStatusLabels[mail.status]}</Badge>
              </div>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-words">{mail.subject}</p>
                <p className="text-sm break-words text-muted-foreground">
                  Para {mail.to}
                  {mail.companyName ? ` · ${mail.companyName}` : ''}
                </p>
              </div>
            </summary>
            <div className="border-t border-border bg-muted/30 px-4 py-3">
              {mail.lastError && (
                <p className="mb-2 text-sm break-words text-destructive">
                  Último error ({mail.attempts} {mail.attempts === 1 ? 'intento' : 'intentos'}): {mail.lastError}
                </p>
              )}
              {mail.sentAt && <p className="mb-2 text-sm text-muted-foreground">Enviado el {formatDateTime(mail.sentAt)}</p>}
              <pre className="font-sans text-sm break-words whitespace-pre-wrap">{mail.text}</pre>
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
