import {
  deliveryChannelLabels,
  deliveryChannels,
  notificationKindLabels,
  type DeliveryChannelName,
  type NotificationPreference,
  type NotificationPreferences,
} from '@jornada/shared/schemas/notifications';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorDescription } from '@/lib/error-message';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

/** 'Mi Cuenta → Notificaciones': one row per kind (from the shared kinds list), a checkbox per channel. */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  if (preferences.isPending) return <ListSkeleton rows={4} rowClassName="h-10" />;
  if (preferences.isError) return <EmptyState>No se pudieron cargar tus avisos.</EmptyState>;
  // Keyed by the stored state: a save's answer starts the form afresh.
  return <NotificationPreferencesForm key={JSON.stringify(preferences.data)} initial={preferences.data} />;
}

function NotificationPreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const [items, setItems] = useState<NotificationPreference[]>(initial.items);
  const save = useSaveNotificationPreferences();
  const changed = JSON.stringify(items) !== JSON.stringify(initial.items);

  const toggle = (kind: string, channel: DeliveryChannelName, enabled: boolean) =>
    setItems((current) => current.map((item) => (item.kind === kind ? { ...item, [channel]: enabled } : item)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { items },
      {
        onSuccess: () => toast({ title: 'Avisos guardados' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorDescription(error, 'No se pudieron guardar tus avisos.') }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {!initial.hasEmail && (
        <p className="text-sm text-muted-foreground">Tu cuenta no tiene correo electrónico: los avisos por correo no te llegarán hasta que un administrador lo añada.</p>
      )}
      <Table aria-label="Avisos por tipo y canal">
        <TableHeader>
          <TableRow>
            <TableHead>Aviso</TableHead>
            {deliveryChannels.map((channel) => (
              <TableHead key={channel} className="w-16 px-2 text-center">
                {deliveryChannelLabels[channel]}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => {
            const label = notificationKindLabels[item.kind];
            return (
              <TableRow key={item.kind}>
                <TableCell className="py-2.5 break-words">{label}</TableCell>
                {deliveryChannels.map((channel) => (
                  <TableCell key={channel} className="px-2 py-2.5 text-center">
                    <Checkbox
                      aria-label={`${deliveryChannelLabels[channel]}: ${label}`}
                      checked={item[channel]}
                      disabled={channel === 'email' && !initial.hasEmail}
                      onCheckedChange={(checked) => toggle(item.kind, channel, checked === true)}
                      className="align-middle"
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div>
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? 'Guardando…' : 'Guardar avisos'}
        </Button>
      </div>
    </form>
  );
}
