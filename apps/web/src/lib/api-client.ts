import { toast } from '@/components/ui/use-toast';
import { ApiError } from './api-error';
import { noteServerDate } from './offline-punches/server-clock';
import { clearSession } from './session';

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Set to false when the caller shows the error itself (a form alert, an inline message).
   * By default every failure becomes a destructive toast.
   */
  toastOnError?: boolean;
  /** Error codes the caller shows itself (e.g. WORKING_TIME_WARNING); other failures still toast. */
  quietCodes?: readonly string[];
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const API_PREFIX = '/api';
const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.';
const UNKNOWN_MESSAGE = 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.';
/*
 * A 401 from the sign-in's own steps is an answer (a wrong password or code, a link or pending
 * step that expired), not an expired session: the form that asked shows it. Every /auth/ route
 * but /auth/me and /auth/logout runs without a session, and those two handle their 401 themselves.
 */
function isSignInStep(path: string): boolean {
  return path.startsWith('/auth/');
}

function buildInit(method: Method, body: unknown, signal?: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'jornada' };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal };
  if (method === 'GET') return init;
  if (body instanceof FormData) {
    init.body = body; // the browser sets the multipart boundary itself
  } else {
    headers['Content-Type'] = 'application/json';
    // Always a JSON body: the server refuses a JSON content type with an empty body.
    init.body = JSON.stringify(body ?? {});
  }
  return init;
}

async function toApiError(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    const { code, message, ...details } = error as Record<string, unknown>;
    return new ApiError(code as string, message as string, response.status, true, details);
  }
  return new ApiError('HTTP_ERROR', UNKNOWN_MESSAGE, response.status, false);
}

/** The one place where failed calls turn into toasts, and an expired session into /login. */
function reportError(error: ApiError, path: string, options: RequestOptions) {
  if (error.status === 401 && !isSignInStep(path)) {
    // The route guard sees the null session and redirects to /login, remembering the page.
    clearSession();
    toast({ variant: 'destructive', title: 'Sesión finalizada', description: error.message });
    return;
  }
  if (options.toastOnError === false || options.quietCodes?.includes(error.code)) return;
  toast({ variant: 'destructive', title: 'Error', description: error.message });
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(API_PREFIX + path, buildInit(method, body, options.signal));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new ApiError('NETWORK_ERROR', NETWORK_MESSAGE, 0, false);
    reportError(error, path, options);
    throw error;
  }
  // Every answer sets the server's clock as last seen, the anchor of a punch queued offline.
  noteServerDate(response.headers.get('Date'));
  if (!response.ok) {
    const error = await toApiError(response);
    reportError(error, path, options);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** JSON client for the Jornada API; paths are relative to /api (e.g. '/auth/me'). */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  /** `options.body` for the few deletions that need one (typing a company's name to confirm). */
  delete: <T>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
};
