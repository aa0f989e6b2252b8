import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; the provider default is 5000. */
  duration?: number;
}

export interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

/*
 * A module-level store rather than React context, so code outside the tree
 * (the API client) can raise toasts. Only one toast exists at a time (spec):
 * a new toast replaces the current one.
 */
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastState | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return current;
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit({ ...options, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the toast (all toasts when no id is given); Radix plays the exit animation before it unmounts. */
export function dismissToast(id?: number) {
  if (current && current.open && (id === undefined || current.id === id)) {
    emit({ ...current, open: false });
  }
}

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { current: state, toast, dismiss: dismissToast };
}
