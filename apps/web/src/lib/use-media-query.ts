import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in sync as the viewport changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The spec's 1024px breakpoint: tables at or above it, cards below. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 1024px)';
