import { timeRecordsRootKey } from '@/lib/time-records/invalidate-time-records';

/** Every query of this feature sits under one root, so a clock-in, a clock-out or a correction refreshes them all. */
export const timeRecordKeys = {
  all: timeRecordsRootKey,
  active: () => [...timeRecordKeys.all, 'active'] as const,
  mine: () => [...timeRecordKeys.all, 'mine'] as const,
  myHours: (month: string) => [...timeRecordKeys.all, 'my-hours', month] as const,
  myPayroll: (month: string) => [...timeRecordKeys.all, 'my-payroll', month] as const,
  log: (companyId: string | null, filters: Record<string, string> = {}) => [...timeRecordKeys.all, 'log', companyId ?? 'all', filters] as const,
  logFilterOptions: (companyId: string | null) => [...timeRecordKeys.all, 'log-filter-options', companyId ?? 'all'] as const,
  clockInShifts: () => [...timeRecordKeys.all, 'clock-in-shifts'] as const,
};
