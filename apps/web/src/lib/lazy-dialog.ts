import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyDialog<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the dialog's code (on the opener's hover or focus), at most once. */
  preload: () => void;
};

/**
 * A dialog whose code (and the form, signature and validation libraries it pulls in) loads when
 * it is first opened, not with the screen that offers it: render it inside <Suspense> only while
 * open. `preload` lets the opener fetch it a moment earlier, on hover or focus.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props are inferred from the component
export function lazyDialog<C extends ComponentType<any>>(load: () => Promise<C>): LazyDialog<ComponentProps<C>> {
  let loading: Promise<{ default: C }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined; // a failed preload (network) lets the next attempt try again
        throw error;
      },
    ));
  const Dialog = lazy(start) as unknown as LazyDialog<ComponentProps<C>>;
  Dialog.preload = () => void start().catch(() => undefined);
  return Dialog;
}
