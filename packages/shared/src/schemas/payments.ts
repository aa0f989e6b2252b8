import { z } from 'zod';
import { monthKeyPattern } from '../format';
import { idSchema } from './common';

export const PAYMENT_ALREADY_RECORDED_MESSAGE = 'Este pago ya ha sido registrado.';

export const monthKeySchema = z
  .string({ error: 'El mes es obligatorio.' })
  .regex(monthKeyPattern, { error: 'El mes debe tener el formato aaaa-MM.' });

export const paymentsQuerySchema = z.object({
  month: monthKeySchema,
  /** Administrador: the company to list; others: their own. */
  companyId: idSchema.optional(),
});

export const paymentLineSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** Minutes of completed records that started in the month (company time zone). */
  minutes: z.number().int(),
  /** Euros per hour, null meaning 'Por Convenio'. */
  price: z.number().nullable(),
  /** Euros to pay, null when the price is 'Por Convenio'. */
  amount: z.number().nullable(),
  status: z.enum(['pending', 'paid']),
  paidAt: z.string().nullable(),
  paymentId: z.string().nullable(),
  /**
   * What the month's records say now: the same as `minutes`/`amount` while pending. A paid month
   * keeps the figures it was paid with; when its records changed afterwards (an approved
   * correction, a record closed late) these differ and `mismatch` is true.
   */
  recordMinutes: z.number().int(),
  /** `recordMinutes` at the price used for `amount`; null for 'Por Convenio'. */
  recordAmount: z.number().nullable(),
  /** A paid month whose records no longer add up to what was paid. Always false while pending. */
  mismatch: z.boolean(),
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

export const paymentsResponseSchema = z.object({
  month: z.string(),
  companyId: z.string(),
  pendingCount: z.number().int(),
  paidCount: z.number().int(),
  items: z.array(paymentLineSchema),
});
export type PaymentsResponse = z.infer<typeof paymentsResponseSchema>;

export const markPaidRequestSchema = z.object({ userId: idSchema, month: monthKeySchema });
export type MarkPaidRequest = z.infer<typeof markPaidRequestSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  month: z.string(),
  status: z.enum(['pending', 'paid']),
  companyId: z.string(),
  paidAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
