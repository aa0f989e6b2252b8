import { describe, expect, it } from 'vitest';
import { canReachRoute, dashboardRoutes, defaultGrantedViews, grantableViews } from './permissions';

describe('default permission matrix (decision 5)', () => {
  it('grants a supervisor every grantable view', () => {
    expect(defaultGrantedViews('Supervisor').sort()).toEqual([...grantableViews].sort());
  });
  it('grants an employee only the employee views', () => {
    expect(defaultGrantedViews('Empleado').sort()).toEqual(['my-documents', 'my-hours', 'my-signature', 'shifts', 'work-reports']);
  });
  it('has no matrix for the administrator', () => {
    expect(defaultGrantedViews('Administrador')).toEqual([]);
  });
});

describe('route access', () => {
  it('follows the route table', () => {
    expect(canReachRoute('Empleado', 'request-vacation', [])).toBe(true);
    expect(canReachRoute('Supervisor', 'request-vacation', [])).toBe(false);
    expect(canReachRoute('Empleado', 'manage-events', ['manage-events'])).toBe(false);
    expect(canReachRoute('Supervisor', 'manage-users', [])).toBe(false);
    expect(canReachRoute('Administrador', 'manage-users', [])).toBe(true);
    expect(canReachRoute('Administrador', 'my-hours', [])).toBe(false);
  });
  it('needs the company to grant a grantable view', () => {
    expect(canReachRoute('Empleado', 'my-hours', ['my-hours'])).toBe(true);
    expect(canReachRoute('Empleado', 'my-hours', [])).toBe(false);
    expect(canReachRoute('Supervisor', 'time-log', [])).toBe(false);
  });
  it('never limits an administrator by a matrix', () => {
    expect(canReachRoute('Administrador', 'time-log', [])).toBe(true);
  });
  it('refuses unknown routes', () => {
    expect(canReachRoute('Administrador', 'nowhere', [])).toBe(false);
  });
  it('lists every route of the spec once', () => {
    const names = dashboardRoutes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    // The spec's 24, plus the registro's 'corrections', 'registro-integrity', 'my-registro',
    // 'company-registro' and 'working-time-rules' (issue 11), 'access-links' and 'legal-archive' (decision 014),
    // 'live' (decision 030), 'notifications' (decision 033), 'sent-mails' and 'failed-jobs' (decision 035),
    // 'holidays' and 'pay-rules' (issue 26), 'qualifications' and 'caducidades' (issue 27, decision 042),
    // 'my-availability' (issue 27, decision 044).
    // 'roster' (issue 27, decision 045).
    // 'webhooks' (issue 28, decision 050).
    // 'open-shifts' (issue 27, decision 051).
    // 'import' (issue 28, decision 053).
    // 'api-tokens' (issue 28, decision 054).
    expect(names).toHaveLength(45);
  });
});

describe('screens whose data belongs to other views (decision 032)', () => {
  const all = defaultGrantedViews('Supervisor');
  const without = (...views: string[]) => all.filter((view) => !views.includes(view));
  it("close with the view that guards their data: Pagos with 'time-log' or 'view-employees', the company registro with 'time-log'", () => {
    expect(canReachRoute('Supervisor', 'payments', all)).toBe(true);
    expect(canReachRoute('Supervisor', 'payments', without('time-log'))).toBe(false);
    expect(canReachRoute('Supervisor', 'payments', without('view-employees'))).toBe(false);
    expect(canReachRoute('Supervisor', 'pay-rules', without('time-log'))).toBe(false);
    expect(canReachRoute('Supervisor', 'pay-rules', without('view-employees'))).toBe(false);
    expect(canReachRoute('Supervisor', 'company-registro', without('time-log'))).toBe(false);
    expect(canReachRoute('Supervisor', 'employee-reports', without('view-employees'))).toBe(false);
    expect(canReachRoute('Supervisor', 'access-links', without('time-log'))).toBe(false);
    // Their own registro is a worker's right, whatever the matrix says.
    expect(canReachRoute('Supervisor', 'my-registro', without('time-log', 'view-employees'))).toBe(true);
    // The administrator is never restricted by a company's matrix.
    expect(canReachRoute('Administrador', 'payments', [])).toBe(true);
  });
});
