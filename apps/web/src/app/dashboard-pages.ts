import type { DashboardRouteName } from '@jornada/shared/permissions';
import type { ComponentType } from 'react';

export interface PageModule {
  default: ComponentType;
}

/**
 * The screen of each dashboard route, loaded on demand (one chunk per screen).
 * Typed by route name so a route added to the shared table cannot be forgotten here.
 * To build a screen, replace the placeholder in its file; the route wiring stays as is.
 */
export const dashboardPages: Record<DashboardRouteName, () => Promise<PageModule>> = {
  overview: () => import('@/features/overview/routes/overview'),
  'my-hours': () => import('@/features/time-records/routes/my-hours'),
  'my-documents': () => import('@/features/documents/routes/my-documents'),
  shifts: () => import('@/features/events/routes/shifts'),
  'work-reports': () => import('@/features/work-reports/routes/work-reports'),
  'my-signature': () => import('@/features/documents/routes/my-signature'),
  account: () => import('@/features/account/routes/account'),
  'api-tokens': () => import('@/features/api-tokens/routes/api-tokens'),
  'request-vacation': () => import('@/features/vacations/routes/request-vacation'),
  'my-availability': () => import('@/features/availability/routes/my-availability'),
  'open-shifts': () => import('@/features/open-shifts/routes/open-shifts'),
  'view-employees': () => import('@/features/users/routes/view-employees'),
  'supervise-events': () => import('@/features/events/routes/supervise-events'),
  'employee-reports': () => import('@/features/work-reports/routes/employee-reports'),
  'manage-events': () => import('@/features/events/routes/manage-events'),
  'manage-material': () => import('@/features/material/routes/manage-material'),
  'lent-material': () => import('@/features/material/routes/lent-material'),
  vacations: () => import('@/features/vacations/routes/vacations'),
  payments: () => import('@/features/payments/routes/payments'),
  'pay-rules': () => import('@/features/pay-rules/routes/pay-rules'),
  'event-log': () => import('@/features/events/routes/event-log'),
  'time-log': () => import('@/features/time-records/routes/time-log'),
  'manage-users': () => import('@/features/users/routes/manage-users'),
  'manage-companies': () => import('@/features/companies/routes/manage-companies'),
  'manage-categories': () => import('@/features/categories/routes/manage-categories'),
  'manage-roles': () => import('@/features/roles/routes/manage-roles'),
  'manage-permissions': () => import('@/features/permissions/routes/manage-permissions'),
  'action-log': () => import('@/features/action-log/routes/action-log'),
  corrections: () => import('@/features/corrections/routes/corrections'),
  'registro-integrity': () => import('@/features/registro-integrity/routes/registro-integrity'),
  'access-links': () => import('@/features/access-links/routes/access-links'),
  webhooks: () => import('@/features/webhooks/routes/webhooks'),
  import: () => import('@/features/imports/routes/import'),
  'legal-archive': () => import('@/features/legal-archive/routes/legal-archive'),
  'my-registro': () => import('@/features/registro/routes/my-registro'),
  'company-registro': () => import('@/features/registro/routes/company-registro'),
  'working-time-rules': () => import('@/features/registro/routes/working-time-rules'),
  holidays: () => import('@/features/holidays/routes/holidays'),
  qualifications: () => import('@/features/qualifications/routes/qualifications'),
  caducidades: () => import('@/features/qualifications/routes/caducidades'),
  roster: () => import('@/features/roster/routes/roster'),
  live: () => import('@/features/live/routes/live'),
  notifications: () => import('@/features/notifications/routes/notifications'),
  'sent-mails': () => import('@/features/mail/routes/sent-mails'),
  'failed-jobs': () => import('@/features/mail/routes/failed-jobs'),
};
