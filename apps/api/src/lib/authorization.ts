import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { GrantableView, RoleName } from '@jornada/shared/permissions';
import type { ApiTokenScope } from '@jornada/shared/schemas/api-tokens';
import { forbidden, unauthenticated } from './errors';

/** Who is calling: resolved from the session cookie on every request (plugins/auth.ts). */
export interface Actor {
  userId: string;
  sessionId: string;
  name: string;
  username: string;
  role: RoleName;
  roleId: string;
  companyId: string | null;
  /** PostgreSQL: the identity tables' version read with the session (decision 056); keys the identity cache. */
  identityVersion?: number;
  /** Set when the request came with `Authorization: Bearer` (features/api-tokens): which token and its scopes. */
  apiToken?: { id: string; scopes: readonly ApiTokenScope[] };
}

/**
 * The company scope every tenant repository function takes first: a platform admin with no
 * company sees all companies, anyone else exactly their own.
 */
export type CompanyScope = { kind: 'all' } | { kind: 'company'; companyId: string };

export function scopeOf(actor: Actor): CompanyScope {
  if (actor.role === 'Administrador' && actor.companyId === null) return { kind: 'all' };
  if (actor.companyId === null) throw forbidden();
  return { kind: 'company', companyId: actor.companyId };
}

/** Whether an object of `companyId` is inside the scope; outside answers 404, never 403 (no probing). */
export function inScope(scope: CompanyScope, companyId: string | null): boolean {
  return scope.kind === 'all' || scope.kind === 'company' && scope.companyId === companyId;
}

/** The service-level twin of authorize({roles}): a service never relies on its route having checked. */
export function requireRole(actor: Actor, roles: readonly RoleName[]): void {
  if (!roles.includes(actor.role)) throw forbidden();
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

export interface AuthorizeOptions {
  /** Roles that may call the route; omitted means any signed-in user. */
  roles?: readonly RoleName[];
  /**
   * The grantable views the company's permission matrix must grant the caller's role: all of them.
   * A route that returns other people's records or the company's people belongs to the views that
   * show them (docs/decisions/032-views-guard-data.md), not only the screen it serves.
   */
  view?: GrantableView | readonly GrantableView[];
  /**
   * The API token scope that opens the route to `Authorization: Bearer` callers (docs/decisions/054);
   * omitted, tokens are refused with 403 whatever their scopes.
   */
  scope?: ApiTokenScope;
}

/** Tokens on a route without a scope, or without this one: refused before anything else is checked. */
export function checkTokenScope(actor: Actor, scope: ApiTokenScope | undefined): void {
  if (!actor.apiToken) return;
  if (!scope) throw forbidden('Esta operación no se puede hacer con un token de API; entra con tu usuario.');
  if (!actor.apiToken.scopes.includes(scope)) throw forbidden(`El token de API no tiene el permiso «${scope}» que pide esta operación.`);
}

/**
 * The one gate every protected route declares: 401 when signed out, 403 for a role that may not
 * call it or a view the caller's company withholds from that role (decision 5).
 */
export function authorize(options: AuthorizeOptions = {}): preHandlerAsyncHookHandler {
  const views: readonly GrantableView[] = options.view === undefined ? [] : typeof options.view === 'string' ? [options.view] : options.view;
  const gate: preHandlerAsyncHookHandler = async function authorizeRequest(request) {
    const actor = requireActor(request);
    checkTokenScope(actor, options.scope);
    if (options.roles && !options.roles.includes(actor.role)) throw forbidden();
    if (views.length > 0 && actor.role !== 'Administrador') {
      for (const view of views) {
        const granted = await request.server.permissions.isViewGranted(actor, view);
        if (!granted) throw forbidden('Tu empresa no te ha concedido acceso a esta sección.');
      }
    }
  };
  gates.add(gate);
  if (options.scope) gateScopes.set(gate, options.scope);
  return gate;
}

const gates = new WeakSet<object>();
const gateScopes = new WeakMap<object, ApiTokenScope>();

/** The token scope an authorize() gate declares (undefined: none). */
export function gateTokenScope(hook: unknown): ApiTokenScope | undefined {
  return typeof hook === 'function' ? gateScopes.get(hook) : undefined;
}

/** Whether a route hook is an authorize() gate (plugins/authorize-first.ts runs them before anything reads the input). */
export function isAuthorizationGate(hook: unknown): boolean {
  return typeof hook === 'function' && gates.has(hook);
}
