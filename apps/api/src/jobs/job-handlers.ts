import { AUTO_CLOCK_OUT_SWEEP_JOB, autoClockOutSweepHandler } from '../features/auto-clock-out/auto-clock-out.service';
import { NO_SHOW_CHECK_JOB, noShowCheckHandler } from '../features/live/no-show-alerts';
import { expiryRemindersHandler, QUALIFICATION_EXPIRY_JOB } from '../features/qualifications/qualification-reminders';
import { REGISTRO_READY_JOB, registroReadyHandler } from '../features/reminders/registro-ready';
import {
  CLOCK_OUT_REMINDER_JOB,
  clockOutReminderHandler,
  OPEN_CLOCK_INS_ALERT_JOB,
  openClockInsAlertHandler,
  SHIFT_REMINDER_JOB,
  shiftReminderHandler,
} from '../features/reminders/shift-reminders';
import { emailChannel } from '../features/mail/email-channel';
import { mailSendHandler } from '../features/mail/mail-send';
import type { Mailer } from '../features/mail/mailer';
import { MAIL_SEND_JOB } from '../features/mail/queue-mail';
import type { DeliveryChannel } from '../features/notifications/delivery-channel';
import { NOTIFICATION_DELIVER_JOB, notificationDeliverHandler } from '../features/notifications/notification-deliver';
import { WEBHOOK_DELIVER_JOB } from '../features/webhooks/emit-webhook';
import { webhookDeliverHandler } from '../features/webhooks/webhook-deliver';
import type { JobHandler } from './job-runner';
import { DAILY_BACKUP_JOB, dailyBackupHandler, type DailyBackupSettings } from '../features/backup/daily-backup';

export interface JobHandlerOptions {
  timeZone: string;
  /** The SMTP side of 'mail.send' (features/mail/mailer.ts createMailer). */
  mailer: Mailer;
  /** PUBLIC_URL: the links of notifications that leave the app (e-mail, push). */
  publicUrl: string;
  /**
   * Delivery channels besides e-mail (Web Push: features/push/push-channel.ts). A delivery row whose
   * channel is in none of them is recorded 'skipped' (docs/decisions/035).
   */
  channels?: readonly DeliveryChannel[];
  /** WEBHOOK_ALLOW_PRIVATE (decision 050): webhooks may reach http:// and private addresses. */
  webhookAllowPrivate?: boolean;
  /** Where mails with nowhere to go are printed (development); silent when absent. */
  log?: (line: string) => void;
  /** The daily SQLite backup (BACKUP_DIR; docs/decisions/049); absent, a backup job does nothing. */
  backup?: DailyBackupSettings;
}

/**
 * Every kind of job the server runs, by name. A kind is added here with its handler.
 * A job whose kind has no handler fails and, after its tries, is kept as 'dead', never lost.
 */
export function jobHandlers(options: JobHandlerOptions): Record<string, JobHandler> {
  const channels = [emailChannel, ...(options.channels ?? [])];
  return {
    [NO_SHOW_CHECK_JOB]: noShowCheckHandler(options.timeZone),
    [SHIFT_REMINDER_JOB]: shiftReminderHandler(options.timeZone),
    [CLOCK_OUT_REMINDER_JOB]: clockOutReminderHandler(options.timeZone),
    [OPEN_CLOCK_INS_ALERT_JOB]: openClockInsAlertHandler(options.timeZone),
    [REGISTRO_READY_JOB]: registroReadyHandler(options.timeZone),
    [AUTO_CLOCK_OUT_SWEEP_JOB]: autoClockOutSweepHandler(options.timeZone),
    [QUALIFICATION_EXPIRY_JOB]: expiryRemindersHandler(options.timeZone),
    [MAIL_SEND_JOB]: mailSendHandler({ mailer: options.mailer, log: options.log }),
    [DAILY_BACKUP_JOB]: dailyBackupHandler(options.timeZone, options.backup),
    [NOTIFICATION_DELIVER_JOB]: notificationDeliverHandler({ channels, publicUrl: options.publicUrl }),
    [WEBHOOK_DELIVER_JOB]: webhookDeliverHandler({ allowPrivateAddresses: options.webhookAllowPrivate ?? false }),
  };
}
