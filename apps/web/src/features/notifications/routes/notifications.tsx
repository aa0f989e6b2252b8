import { Bell, CheckCheck } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Spinner } from '@/components/ui/spinner';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import { NotificationList } from '../components/notification-list';

const PAGE_SIZE = 20;

/** Notificaciones: every notification of mine, newest first, paged. */
export default function NotificationsRoute() {
  const list = useNotifications(PAGE_SIZE);
  const unread = useUnreadCount();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Notificaciones"
        description="Los avisos de tus turnos y vacaciones, del más reciente al más antiguo."
        actions={
          <Button variant="outline" onClick={() => markAll.mutate()} disabled={(unread.data?.unread ?? 0) === 0 || markAll.isPending}>
            <CheckCheck aria-hidden="true" />
            Marcar como leídas
          </Button>
        }
      />
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p className="text-destructive">No se han podido cargar las notificaciones.</p>
      ) : items.length === 0 ? (
        <EmptyState icon={Bell}>No tienes notificaciones.</EmptyState>
      ) : (
        <div className="rounded-xl border border-border bg-card p-2">
          <NotificationList items={items} />
        </div>
      )}
      <LoadMoreButton hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
    </>
  );
}
