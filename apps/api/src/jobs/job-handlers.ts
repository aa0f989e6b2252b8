import { NO_SHOW_CHECK_JOB, noShowCheckHandler } from '../features/live/no-show-alerts';
import { REGISTRO_READY_JOB, registroReadyHandler } from '../features/reminders/registro-ready';
import {
  CLOCK_OUT_REMINDER_JOB,
  clockOutReminderHandler,
  OPEN_CLOCK_INS_ALERT_JOB,
  openClockInsAlertHandler,
  SHIFT_REMINDER_JOB,
  shiftReminderHandler,
} from '../features/reminders/shift-reminders';
import type { JobHandler } from './job-runner';

/**
 * Every kind of job the server runs, by name. A kind is added here with its handler, e.g. the
 * coming 'notification.deliver' (e-mail, Web Push; docs/decisions/033) and the shift reminders.
 * A job whose kind has no handler fails and, after its tries, is kept as 'dead', never lost.
 */
export function jobHandlers(options: { timeZone: string }): Record<string, JobHandler> {
  return {
    [NO_SHOW_CHECK_JOB]: noShowCheckHandler(options.timeZone),
    [SHIFT_REMINDER_JOB]: shiftReminderHandler(options.timeZone),
    [CLOCK_OUT_REMINDER_JOB]: clockOutReminderHandler(options.timeZone),
    [OPEN_CLOCK_INS_ALERT_JOB]: openClockInsAlertHandler(options.timeZone),
    [REGISTRO_READY_JOB]: registroReadyHandler(options.timeZone),
  };
}
