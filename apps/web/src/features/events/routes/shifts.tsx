import { CalendarCheck, CalendarClock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { CalendarFeedDialog } from '@/features/calendar-feed/components/calendar-feed-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatLongDate } from '@jornada/shared/format';
import { shiftFilterOf, useShifts, type ShiftFilter } from '../api/get-shifts';
import { EventCard, EventDetail } from '../components/event-card';
import { PagedEvents } from '../components/paged-events';
import { ownAssignmentState, PendingShiftActions } from '../components/pending-shift-actions';
import { useAuth } from '@/lib/auth';
import { formatTimeRange } from '../utils/event-dates';
import { MySwaps } from '../components/my-swaps';
import { SwapDialog, type SwapMode } from '../components/swap-dialog';
import { Button } from '@/components/ui/button';
import { useState } from 'react';
import type { Event } from '@jornada/shared/schemas/events';

const tabs: { value: ShiftFilter; label: string; empty: string }[] = [
  { value: 'active', label: 'Turnos actuales', empty: 'No tienes turnos programados ni activos.' },
  { value: 'finished', label: 'Turnos finalizados', empty: 'No tienes turnos finalizados.' },
];

/** Decision 052: the tab of offers and swaps beside the shift lists. */
const SWAPS_TAB = 'swaps';

function ShiftList({ filter, emptyText }: { filter: ShiftFilter; emptyText: string }) {
  const shifts = useShifts(filter);
  const me = useAuth().session?.profile.id;
  const [swapping, setSwapping] = useState<{ event: Event; mode: SwapMode }>();
  return (
    <>
    <PagedEvents query={shifts} emptyText={emptyText} emptyIcon={filter === 'active' ? CalendarClock : CalendarCheck}>
      {(items) => (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Turnos">
          {items.map((event) => (
            <li key={event.id}>
              <EventCard event={event}>
                <dl className="flex flex-col gap-2">
                  <EventDetail term="Fecha">
                    <span className="inline-block first-letter:uppercase">{formatLongDate(event.date)}</span>
                  </EventDetail>
                  <EventDetail term="Horario">{formatTimeRange(event)}</EventDetail>
                </dl>
                {filter === 'active' && ownAssignmentState(event, me) === 'pending' && <PendingShiftActions event={event} />}
                {filter === 'active' && event.status === 'Programado' && ownAssignmentState(event, me) === 'accepted' && (
                  <div className="flex flex-wrap gap-2 border-t border-border pt-3">
                    <Button variant="outline" size="sm" onClick={() => setSwapping({ event, mode: 'offer' })}>
                      Ofrecer
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setSwapping({ event, mode: 'swap' })}>
                      Proponer cambio
                    </Button>
                  </div>
                )}
              </EventCard>
            </li>
          ))}
        </ul>
      )}
    </PagedEvents>
    <SwapDialog event={swapping?.event} mode={swapping?.mode ?? 'offer'} onOpenChange={(open) => !open && setSwapping(undefined)} />
    </>
  );
}

/** Spec section 2 screen 5: Mis Turnos, `?filter=active` (default) or finished. */
export default function ShiftsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('filter');
  const filter = requested === SWAPS_TAB ? SWAPS_TAB : shiftFilterOf(requested);

  return (
    <>
      <PageHeader title="Mis Turnos" description="Los eventos a los que estás asignado." actions={<CalendarFeedDialog />} />
      <Tabs value={filter} onValueChange={(value) => setSearchParams({ filter: value })}>
        <TabsList aria-label="Turnos" className="flex-wrap">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
          <TabsTrigger value={SWAPS_TAB}>Cambios</TabsTrigger>
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <ShiftList filter={tab.value} emptyText={tab.empty} />
          </TabsContent>
        ))}
        <TabsContent value={SWAPS_TAB}>
          <MySwaps />
        </TabsContent>
      </Tabs>
    </>
  );
}
