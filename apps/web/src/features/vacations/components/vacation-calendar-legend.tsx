/** The colours of the vacation calendar. */
export function VacationCalendarLegend({ showConfirmed }: { showConfirmed: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground" aria-label="Leyenda">
      <li className="flex items-center gap-2">
        <span className="size-3 rounded bg-primary" aria-hidden="true" />
        Seleccionado
      </li>
      {showConfirmed && (
        <li className="flex items-center gap-2">
          <span className="size-3 rounded bg-green-100 ring-1 ring-green-600" aria-hidden="true" />
          Vacaciones confirmadas
        </li>
      )}
      <li className="flex items-center gap-2">
        <span className="size-3 rounded border-2 border-primary" aria-hidden="true" />
        Hoy
      </li>
    </ul>
  );
}
