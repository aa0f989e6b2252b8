import { NO_SHOW_CHECK_JOB, noShowCheckHandler } from '../features/live/no-show-alerts';
import { mailSendHandler } from '../features/mail/mail-send';
import type { Mailer } from '../features/mail/mailer';
import { MAIL_SEND_JOB } from '../features/mail/queue-mail';
import type { JobHandler } from './job-runner';

export interface JobHandlerOptions {
  timeZone: string;
  /** The SMTP side of 'mail.send' (features/mail/mailer.ts createMailer). */
  mailer: Mailer;
  /** Where mails with nowhere to go are printed (development); silent when absent. */
  log?: (line: string) => void;
}

/**
 * Every kind of job the server runs, by name. A kind is added here with its handler.
 * A job whose kind has no handler fails and, after its tries, is kept as 'dead', never lost.
 */
export function jobHandlers(options: JobHandlerOptions): Record<string, JobHandler> {
  return {
    [NO_SHOW_CHECK_JOB]: noShowCheckHandler(options.timeZone),
    [MAIL_SEND_JOB]: mailSendHandler({ mailer: options.mailer, log: options.log }),
  };
}
