import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the query string, so a reload or a shared link shows the same list.
 * Each key is one parameter; an empty value removes it. Changes replace the history entry (a
 * filter is a view of the same screen, not a new page to go back through).
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;

  const update = (changes: Partial<Record<K, string>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return {
    values,
    /** Several parameters in one history entry (two separate calls would not see each other). */
    update,
    set: (key: K, value: string) => update({ [key]: value } as Partial<Record<K, string>>),
    clear: () => update(Object.fromEntries(keys.map((key) => [key, ''])) as Partial<Record<K, string>>),
    active: keys.some((key) => values[key] !== ''),
  };
}

/** The filters as API query parameters: only those with a value. */
export function filterParams(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}
