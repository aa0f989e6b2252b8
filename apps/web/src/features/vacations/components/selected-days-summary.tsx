import { dayCount, describeDays } from '../lib/vacation-days';

/** What is selected, in words, announced as it changes: '3 días seleccionados: 4–6 de mayo de 2026'. */
export function SelectedDaysSummary({ days }: { days: readonly string[] }) {
  const runs = describeDays(days);
  return (
    <p role="status" className="min-h-5 text-sm text-muted-foreground">
      {days.length === 0 ? (
        'Ningún día seleccionado.'
      ) : (
        <>
          <span className="font-medium text-foreground">
            {dayCount(days.length)} {days.length === 1 ? 'seleccionado' : 'seleccionados'}:
          </span>{' '}
          {runs.join('; ')}
        </>
      )}
    </p>
  );
}
