import { durationMinutes, formatDuration, formatLongDate, formatTime } from '@jornada/shared/format';

/** 'lunes, 16 de noviembre de 2026 · 08:00 – 16:00 (8h 0m)'; an open record reads 'sin salida'. */
export function intervalText(start: string | null, end: string | null): string {
  if (!start) return '—';
  const day = formatLongDate(start);
  if (!end) return `${day} · ${formatTime(start)} – sin salida`;
  return `${day} · ${formatTime(start)} – ${formatTime(end)} (${formatDuration(durationMinutes(start, end))})`;
}

/** Before and after of a correction, side by side on wide screens, stacked on phones. */
export function CorrectionValues({ before, after }: { before: { start: string | null; end: string | null }; after: { start: string; end: string } }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2">
      <div className="rounded-lg bg-muted px-3 py-2">
        <dt className="font-medium text-muted-foreground">Antes</dt>
        {/* No before values: a missing record proposed from scratch ('Alta de fichaje'). */}
        <dd className="tabular-nums">{before.start ? intervalText(before.start, before.end) : 'Sin fichaje'}</dd>
      </div>
      <div className="rounded-lg border border-primary/30 bg-accent px-3 py-2">
        <dt className="font-medium text-accent-foreground">Después</dt>
        <dd className="tabular-nums">{intervalText(after.start, after.end)}</dd>
      </div>
    </dl>
  );
}
