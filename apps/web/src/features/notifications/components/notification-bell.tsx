import { Bell, CheckCheck } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Spinner } from '@/components/ui/spinner';
import { sessionQueryKey } from '@/lib/query-client';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import { notificationKeys } from '../api/notification-keys';
import { NotificationList } from './notification-list';

const PANEL_SIZE = 8;

const unreadText = (count: number) => (count === 1 ? '1 notificación sin leer' : `${count} notificaciones sin leer`);

function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotifications(PANEL_SIZE);
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages[0]?.items ?? [];
  const anyUnread = items.some((item) => item.readAt === null);
  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-6rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-border pb-2">
        <h2 className="text-base font-semibold">Notificaciones</h2>
        <Button variant="ghost" size="sm" onClick={() => markAll.mutate()} disabled={!anyUnread || markAll.isPending}>
          <CheckCheck aria-hidden="true" />
          Marcar como leídas
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto py-1">
        {list.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p className="py-6 text-center text-sm text-destructive">No se han podido cargar las notificaciones.</p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No tienes notificaciones.</p>
        ) : (
          <NotificationList items={items} onOpen={onNavigate} />
        )}
      </div>
      <Link to="/dashboard/notifications" onClick={onNavigate} className={buttonClasses('outline', 'sm', 'mt-2 w-full')}>
        Ver todas
      </Link>
    </div>
  );
}

/** The top bar's bell: the unread count (polled), and a panel with the latest and 'Marcar como leídas'. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data?.unread ?? 0;
  const queryClient = useQueryClient();
  // A new count means new items (or items read elsewhere): the open panel and the page follow.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
  }, [count, queryClient]);
  // More unread than before means something changed for this person elsewhere (a shift assigned, a
  // loan to confirm): what the screen shows is refetched, so the item's link opens current data.
  const previous = useRef<number | undefined>(undefined);
  const loaded = unread.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    if (previous.current !== undefined && count > previous.current) {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] && query.queryKey[0] !== notificationKeys.all[0] });
    }
    previous.current = count;
  }, [count, loaded, queryClient]);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <span className="relative flex">
        <PopoverTrigger asChild>
          <Button variant="inverse-ghost" size="icon" className="[&_svg]:size-5" aria-describedby="notification-count">
            <Bell aria-hidden="true" />
            <span className="sr-only">Notificaciones</span>
          </Button>
        </PopoverTrigger>
        {/* Beside the button, not in it: its name stays 'Notificaciones'; the count is its description. */}
        {count > 0 && (
          <span
            className="pointer-events-none absolute top-0.5 right-0 flex lg:-top-1 lg:-right-1 h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-none font-bold text-white"
            aria-hidden="true"
            data-testid="notification-badge"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
      {/* Announced when the count changes, and read as the bell's description. */}
      <span id="notification-count" className="sr-only" role="status">
        {count > 0 ? unreadText(count) : 'Sin notificaciones nuevas'}
      </span>
      <PopoverContent align="end" className="w-[22rem] p-3">
        <NotificationPanel onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
