/**
 * The operations that withdrawing 'time-log' and 'view-employees' from a supervisor's role closes
 * (decision 032's table): shared by the revoked-views test (the default Supervisor role) and the
 * custom-role test (a role based on Supervisor, decision 043).
 */
export const WITHDRAWN_VIEWS = ['time-log', 'view-employees'] as const;

export const CLOSED = new Set([
  'GET /api/employees',
  // Decision 043: the roles the company's people may be given, for the employee form.
  'GET /api/employees/roles',
  'PUT /api/employees/:id',
  'PUT /api/employees/:id/access',
  // 'Reenviar invitación' is an act on the company's people: view-employees too.
  'POST /api/users/:id/invitation',
  // Decision 055: resetting an employee's second factor, likewise.
  'POST /api/users/:id/two-factor/reset',
  'GET /api/employees/:id/documents',
  'GET /api/employees/:id/documents/:documentId/photo',
  'GET /api/time-records',
  'GET /api/time-records/filter-options',
  'GET /api/export',
  'GET /api/payments',
  'POST /api/payments',
  'GET /api/pay-rules',
  'PUT /api/pay-rules',
  'GET /api/payroll',
  'GET /api/payroll/export',
  'POST /api/payroll/close',
  'POST /api/payroll/reopen',
  'GET /api/registro/company',
  'GET /api/registro/company/download',
  'GET /api/registro/employees/:userId',
  'GET /api/registro/employees/:userId/download',
  'GET /api/employee-reports',
  'GET /api/employee-reports/filter-options',
  'GET /api/employee-reports/:id',
  'GET /api/employee-reports/:id/signature',
  'GET /api/employee-reports/:id/attachments/:fileId',
  'GET /api/access-links',
  'POST /api/access-links',
  'POST /api/access-links/:id/revoke',
  'GET /api/access-links/:id/uses',
  // Decision 042: a person's qualifications and 'Caducidades' are the company's people data.
  'GET /api/employees/:id/qualifications',
  'POST /api/employees/:id/qualifications',
  'PUT /api/qualifications/:id',
  'DELETE /api/qualifications/:id',
  'PUT /api/qualifications/:id/photo',
  'GET /api/qualifications/expiring',
  // Decision 050: webhooks send people's clock-ins and assignments out of the app.
  'GET /api/webhooks',
  'POST /api/webhooks',
  'DELETE /api/webhooks/:id',
  'GET /api/webhooks/:id/deliveries',
  'POST /api/webhooks/:id/test',
  // Decision 044: an employee's unavailability, likewise.
  'GET /api/employees/:id/unavailability',
  // Decision 045: the roster shows the company's people.
  'GET /api/roster',
  'GET /api/roster/week.pdf',
  'POST /api/roster/copy-week',
  // Decision 053: importing people, and events staffed by the company's people by username.
  'POST /api/imports/employees/preview',
  'POST /api/imports/employees',
  'POST /api/imports/events/preview',
  'POST /api/imports/events',
]);
