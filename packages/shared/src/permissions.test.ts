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
    // 'live' (decision 029).
    expect(names).toHaveLength(32);
  });
});
