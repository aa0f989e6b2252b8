import type { LoginRequest } from '@jornada/shared/schemas/auth';

export type LoginFieldErrors = Partial<Record<keyof LoginRequest, string>>;

export interface LoginValidation {
  data: LoginRequest | null;
  errors: LoginFieldErrors;
}

/**
 * Validates with the server's own zod schema (one source for rules and Spanish messages),
 * loaded on first submit so zod stays out of the login page's first-visit JavaScript.
 */
export async function validateLogin(values: LoginRequest): Promise<LoginValidation> {
  const { loginRequestSchema } = await import('@jornada/shared/schemas/auth');
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}
