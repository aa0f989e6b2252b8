/** Every query of this feature sits under one root, so a clock-in or clock-out refreshes them all. */
export const timeRecordKeys = {
  all: ['time-records'] as const,
  active: () => [...timeRecordKeys.all, 'active'] as const,
  mine: () => [...timeRecordKeys.all, 'mine'] as const,
  myHours: (month: string) => [...timeRecordKeys.all, 'my-hours', month] as const,
  log: (companyId: string | null, filters: Record<string, string> = {}) => [...timeRecordKeys.all, 'log', companyId ?? 'all', filters] as const,
  logFilterOptions: (companyId: string | null) => [...timeRecordKeys.all, 'log-filter-options', companyId ?? 'all'] as const,
  clockInShifts: () => [...timeRecordKeys.all, 'clock-in-shifts'] as const,
};

/** The overview's cards count records; its feature keeps its queries under this root. */
export const overviewRootKey = ['overview'] as const;
