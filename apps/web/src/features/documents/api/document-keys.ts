/** Every query of this feature sits under one root. */
export const documentKeys = {
  all: ['documents'] as const,
  mine: () => [...documentKeys.all, 'mine'] as const,
  signature: () => [...documentKeys.all, 'signature'] as const,
  employee: (employeeId: string) => [...documentKeys.all, 'employee', employeeId] as const,
};
