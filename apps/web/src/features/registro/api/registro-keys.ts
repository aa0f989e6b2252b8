/** Query keys of the Registro de jornada screens; signing invalidates both lists. */
export const registroKeys = {
  all: ['registro'] as const,
  mine: (month: string) => ['registro', 'mine', month] as const,
  company: (month: string, companyId: string | null) => ['registro', 'company', month, companyId] as const,
  employee: (userId: string, month: string, companyId: string | null) => ['registro', 'employee', userId, month, companyId] as const,
  rules: (companyId: string | null) => ['registro', 'rules', companyId] as const,
};
