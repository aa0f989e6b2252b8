import { z } from 'zod';

/**
 * A person's private calendar address (issue 28 item 6, docs/decisions/047): an ICS feed of their
 * shifts that Google or Apple Calendar subscribes to. Its secret is shown once, when it is made.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const createdCalendarFeedSchema = calendarFeedSchema.extend({
  /** The https (or http on localhost) address to paste into a calendar app: only in this answer. */
  url: z.string(),
  /** The same address as webcal://, which phones open straight in their calendar app. */
  webcalUrl: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;
