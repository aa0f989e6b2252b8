import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** Nice 10 weighs about a tenth of nice 0 in Linux's scheduler. */
export const BACKGROUND_NICE = 10;

/**
 * Background work (the export worker) gives way to requests: on Linux a thread has a nice value of
 * its own, set through its thread id, so the serving thread wins the CPU when both want it (2 cores,
 * a clock-in burst during an export) and the background thread still takes every idle cycle.
 * Elsewhere, or where the kernel refuses, nothing changes.
 *
 * Returns the thread id it lowered, or undefined.
 */
export function lowerThisThreadPriority(nice = BACKGROUND_NICE): number | undefined {
  try {
    // "/proc/thread-self" → "<pid>/task/<tid>" (Linux ≥ 3.17).
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return undefined;
    // Never raised back: a server started niced stays at least as nice.
    setPriority(tid, Math.max(nice, getPriority(tid)));
    return tid;
  } catch {
    return undefined;
  }
}
