import { z } from 'zod';
import { idSchema } from './common';

export const overviewSummaryQuerySchema = z.object({ companyId: idSchema.optional() });

/** The main panel's four cards (spec section 2 screen 1), scoped to the viewer. */
export const overviewSummarySchema = z.object({
  /** Minutes of the viewer's completed time records; shown 'Nh Nm' with formatDuration. */
  totalMinutes: z.number().int().nonnegative(),
  /** Events the viewer may see: the company's, an employee's assigned ones, all for an admin. */
  totalEvents: z.number().int().nonnegative(),
  activeEvents: z.number().int().nonnegative(),
  /** The viewer's time records. */
  recordCount: z.number().int().nonnegative(),
});
export type OverviewSummary = z.infer<typeof overviewSummarySchema>;
