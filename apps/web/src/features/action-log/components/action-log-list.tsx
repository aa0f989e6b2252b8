import { formatDateTime, formatLongDate } from '@jornada/shared/format';
import type { ActionLogEntry } from '@jornada/shared/schemas/action-log';
import { Badge } from '@/components/ui/badge';

interface ActionLogListProps {
  entries: ActionLogEntry[];
  companyNames: Map<string, string>;
}

function CompanyLabel({ companyId, companyNames }: { companyId: string | null; companyNames: Map<string, string> }) {
  // Platform-wide changes (categories, roles) belong to no company; a deleted company's entries stay.
  if (!companyId) return <Badge variant="outline">General</Badge>;
  return <Badge variant="secondary" className="max-w-full break-words whitespace-normal!">{companyNames.get(companyId) ?? 'Empresa Desconocida'}</Badge>;
}

/** The log, newest first: when, which company, and what happened, in Spanish. */
export function ActionLogList({ entries, companyNames }: ActionLogListProps) {
  return (
    <ol aria-label="Acciones registradas" className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1.5 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
          <div className="flex shrink-0 flex-wrap items-center gap-2 sm:w-64">
            <time
              dateTime={entry.timestamp}
              title={formatLongDate(entry.timestamp)}
              className="text-sm font-medium text-muted-foreground tabular-nums"
            >
              {formatDateTime(entry.timestamp)}
            </time>
            <CompanyLabel companyId={entry.companyId} companyNames={companyNames} />
          </div>
          <p className="min-w-0 text-sm break-words">{entry.message}</p>
        </li>
      ))}
    </ol>
  );
}
