import { useEffect, useState } from 'react';

/** 'HH:MM:SS' of whole seconds; hours keep counting past 99. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * Seconds since the server's start time, recomputed every second from the clock (not counted
 * up), so a throttled background tab or a reload shows the right time at once.
 */
export function useElapsedSeconds(startTime: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const started = Date.parse(startTime);
  // A phone clock a little behind the server's must not show a negative time.
  return Number.isFinite(started) ? Math.max(0, Math.floor((now - started) / 1000)) : 0;
}
