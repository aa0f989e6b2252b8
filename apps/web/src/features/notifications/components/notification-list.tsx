import type { Notification } from '@jornada/shared/schemas/notifications';
import { formatDateTime } from '@jornada/shared/format';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { useMarkNotificationRead } from '../api/mark-read';

interface NotificationListProps {
  items: Notification[];
  /** Called after an item is followed (the panel closes). */
  onOpen?: () => void;
}

/** Newest first; an unread item is bold with a dot, and opening it marks it read. */
export function NotificationList({ items, onOpen }: NotificationListProps) {
  const markRead = useMarkNotificationRead();
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => {
        const unread = item.readAt === null;
        return (
          <li key={item.id}>
            <Link
              to={item.link}
              onClick={() => {
                if (unread) markRead.mutate(item.id);
                onOpen?.();
              }}
              className="flex gap-3 rounded-md px-2 py-3 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className={cn('block text-sm', unread ? 'font-semibold' : 'font-medium text-muted-foreground')}>
                  {item.title}
                  {unread && <span className="sr-only"> (sin leer)</span>}
                </span>
                <span className="block text-sm break-words text-foreground">{item.body}</span>
                <span className="mt-0.5 block text-xs text-muted-foreground">{formatDateTime(item.createdAt)}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
