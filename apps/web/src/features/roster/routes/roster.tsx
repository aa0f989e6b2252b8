import type { RosterOpenEvent } from '@jornada/shared/schemas/roster';
import { ChevronLeft, ChevronRight, Copy, Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ManagedCompanyPicker } from '@/components/companies/managed-company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useManagedCompany } from '@/lib/companies/use-managed-company';
import { downloadUrl } from '@/lib/download-url';
import { addToMonth, monthLabel } from '@/lib/month';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useRoster } from '../api/roster';
import { AssignDialog, type AssignTarget } from '../components/assign-dialog';
import { CopyWeekDialog } from '../components/copy-week-dialog';
import { DraggableEvents } from '../components/draggable-events';
import { RosterDayList } from '../components/roster-day-list';
import { RosterGrid } from '../components/roster-grid';
import { addDays, monthDays, monthFromParam, weekFromParam, weekLabel } from '../utils/week';

/**
 * 'Cuadrante' (Supervisor, Administrador; issue 27 item 1, decision 045): who works when, a week or a month.
 * A grid at a desk, a day-by-day list on a phone; a click on a free cell assigns from the day's
 * events with room, through the events' own assignment rules; at a desk an event can also be
 * dragged from 'Eventos con plazas' onto a person's day.
 */
export default function RosterRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useManagedCompany();
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const [target, setTarget] = useState<AssignTarget | null>(null);
  const [copying, setCopying] = useState(false);
  const [dragging, setDragging] = useState<RosterOpenEvent | null>(null);
  const monthView = searchParams.get('view') === 'month';
  const monday = weekFromParam(searchParams.get('week'));
  const month = monthFromParam(searchParams.get('month'));
  const [from, to] = monthView ? monthDays(month) : [monday, addDays(monday, 6)];
  const categoryId = searchParams.get('category');
  const roster = useRoster({ from, to, categoryId, companyId: company.companyId }, company.ready);

  const setParams = (values: Record<string, string | null>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(values)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const setParam = (key: string, value: string | null) => setParams({ [key]: value });

  const body = () => {
    if (company.noCompanies) return <EmptyState>No hay empresas creadas.</EmptyState>;
    if (roster.isError && !roster.data)
      return (
        <Alert variant="destructive">
          No se pudo cargar el cuadrante.{' '}
          <Button variant="link" onClick={() => void roster.refetch()}>
            Reintentar
          </Button>
        </Alert>
      );
    if (!roster.data) return <ListSkeleton rows={4} rowClassName="h-16" />;
    const { days, today, employees } = roster.data;
    if (employees.length === 0) return <EmptyState>{categoryId ? 'Nadie de esta categoría.' : 'La empresa no tiene empleados activos.'}</EmptyState>;
    return desktop ? (
      <>
        {!monthView && (
          <DraggableEvents
            events={roster.data.openEvents.filter((event) => event.date >= today)}
            onDragStart={setDragging}
            onDragEnd={() => setDragging(null)}
          />
        )}
        <RosterGrid days={days} today={today} employees={employees} compact={monthView} onAssign={setTarget} dragging={dragging} />
      </>
    ) : (
      <RosterDayList days={days} today={today} employees={employees} onAssign={setTarget} />
    );
  };

  return (
    <>
      <PageHeader
        title="Cuadrante"
        description="Quién trabaja cada día: sus eventos, vacaciones y conflictos. Pulsa un hueco para asignar."
        actions={
          !monthView && (
            <>
              <a
                href={downloadUrl('/roster/week.pdf', { from: monday, categoryId, companyId: company.companyId })}
                download
                className={buttonClasses('outline')}
              >
                <Printer aria-hidden="true" />
                Imprimir semana
              </a>
              <Button variant="outline" onClick={() => setCopying(true)} disabled={!roster.data}>
                <Copy aria-hidden="true" />
                Copiar semana
              </Button>
            </>
          )
        }
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
        <ManagedCompanyPicker id="roster-company" company={company} />
        <FormField id="roster-category" label="Categoría" className="lg:w-56">
          <NativeSelect id="roster-category" value={categoryId ?? ''} onChange={(event) => setParam('category', event.target.value || null)}>
            <option value="">Todas</option>
            {(roster.data?.categories ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex rounded-md border p-0.5 self-start lg:self-auto" role="group" aria-label="Vista">
          <Button variant={monthView ? 'ghost' : 'default'} size="sm" aria-pressed={!monthView} onClick={() => setParam('view', null)}>
            Semana
          </Button>
          <Button variant={monthView ? 'default' : 'ghost'} size="sm" aria-pressed={monthView} onClick={() => setParams({ view: 'month', month: addDays(monday, 3).slice(0, 7) })}>
            Mes
          </Button>
        </div>
        <div className="flex items-center gap-2 lg:ml-auto">
          <Button
            variant="outline"
            size="icon"
            aria-label={monthView ? 'Mes anterior' : 'Semana anterior'}
            onClick={() => (monthView ? setParam('month', addToMonth(month, -1)) : setParam('week', addDays(monday, -7)))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="min-w-0 flex-1 text-center text-sm font-medium lg:min-w-56" aria-live="polite">
            {monthView ? monthLabel(month) : weekLabel(monday)}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label={monthView ? 'Mes siguiente' : 'Semana siguiente'}
            onClick={() => (monthView ? setParam('month', addToMonth(month, 1)) : setParam('week', addDays(monday, 7)))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={() => setParam(monthView ? 'month' : 'week', null)}>
            Hoy
          </Button>
        </div>
      </div>
      {body()}
      <AssignDialog target={target} openEvents={roster.data?.openEvents ?? []} onClose={() => setTarget(null)} />
      <CopyWeekDialog
        open={copying}
        onOpenChange={setCopying}
        monday={monday}
        categoryId={categoryId}
        companyId={company.companyId}
        onShowNextWeek={() => setParam('week', addDays(monday, 7))}
      />
    </>
  );
}
