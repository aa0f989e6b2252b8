/** The event being planned, as typed in the form. */
export interface AssignmentPlan {
  /** Instants with their offsets, or '' while not typed. */
  date: string;
  endDate: string;
  type: 'momentary' | 'constant';
  repeatDays: readonly number[];
  /** The edited event (it never conflicts with itself); undefined for a new one. */
  eventId?: string;
  /** The administrator's company for the event; null for a supervisor (their own). */
  companyId: string | null;
}

/** The plan when the server can judge it: both instants, the end after the start, a constant event's days. */
export function askablePlan(plan: AssignmentPlan | undefined): AssignmentPlan | null {
  if (!plan || !plan.date || !plan.endDate) return null;
  const [start, end] = [Date.parse(plan.date), Date.parse(plan.endDate)];
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  if (plan.type === 'constant' && plan.repeatDays.length === 0) return null;
  return plan;
}
