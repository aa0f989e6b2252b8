import type { DeliveryChannel } from '../notifications/delivery-channel';
import { queueMail } from './queue-mail';
import { renderMail } from './render-mail';

/**
 * The e-mail channel of notifications (docs/decisions/035): the notification's title, text and a
 * button to it (PUBLIC_URL + its in-app link), from its company. 'sent' means queued to the outbox;
 * the mail's own 'mail.send' job talks to SMTP. The mail id is derived from the notification, so a
 * delivery job that runs again queues nothing new.
 */
export const emailChannel: DeliveryChannel = {
  channel: 'email',
  async deliver(context, { notification, user, company }) {
    const to = user.email?.trim();
    if (!to) return 'skipped';
    const mail = renderMail({
      companyName: company.name,
      subject: notification.title,
      heading: notification.title,
      paragraphs: [notification.body],
      action: { label: 'Abrir en Jornada', url: `${context.publicUrl}${notification.link}` },
      footer: 'Recibes este correo por tus avisos de Jornada. Puedes elegir qué avisos te llegan por correo en Mi Cuenta → Notificaciones.',
    });
    // The row and its job together, or a crash between them would leave a mail nobody sends.
    await context.db
      .transaction()
      .execute((trx) => queueMail(trx, context.clock(), { id: `mail-${notification.id}`, companyId: company.id, to, kind: `notification:${notification.kind}`, ...mail }));
    return 'sent';
  },
};
