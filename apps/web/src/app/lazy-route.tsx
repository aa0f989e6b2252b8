import { Component, createContext, lazy, Suspense, use, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { reloadForStaleChunk } from '@/lib/stale-chunk';

/*
 * The route table keeps the data router's shape (`lazy`, `errorElement`,
 * `hydrateFallbackElement`), but the app renders it in declarative mode with useRoutes:
 * the data router alone weighed 16 KB gzipped of the first visit's JavaScript
 * (decision record 018). `toDeclarativeRoutes` turns each `lazy` into a React.lazy
 * element with its own Suspense boundary, and each `errorElement` into an error boundary.
 */

export interface PageModule {
  default: ComponentType;
}

type LazyLoader = () => Promise<{ Component: ComponentType }>;

/** Loaders that do not need the query cache (landing, login): the rest get its provider. */
const withoutQueryCache = new WeakSet<LazyLoader>();

/** Turns a screen module's default export into a lazy route, so each screen is its own chunk. */
export function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * A lazy page of the first visit (landing, login): it neither loads nor gets the query
 * cache, whose library stays out of the first visit's JavaScript.
 */
export function lightPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  const loader: LazyLoader = async () => ({ Component: (await load()).default });
  withoutQueryCache.add(loader);
  return loader;
}

/**
 * A screen's code that a new deployment removed: the page reloads itself once onto the new build and
 * keeps showing the loading bar meanwhile, instead of an error (lib/stale-chunk.ts).
 */
function reloadingOnStaleChunk<T>(load: Promise<T>): Promise<T> {
  return load.catch((error: unknown) => (reloadForStaleChunk(error) ? new Promise<never>(() => {}) : Promise.reject(error)));
}

function lazyComponent(original: LazyLoader): ComponentType {
  const loader = () => reloadingOnStaleChunk(original());
  if (withoutQueryCache.has(original)) return lazy(async () => ({ default: (await loader()).Component }));
  return lazy(async () => {
    const [{ Component: Page }, { default: QueryProvider, savedQueriesRestored }] = await Promise.all([loader(), reloadingOnStaleChunk(import('@/lib/query-provider'))]);
    await savedQueriesRestored;
    return {
      default: function WithQueryCache() {
        return (
          <QueryProvider>
            <Page />
          </QueryProvider>
        );
      },
    };
  });
}

/** While a screen's code loads: a thin bar under the top bar, announced as loading. */
export function RouteLoading() {
  return (
    <div role="status" aria-label="Cargando" className="fixed inset-x-0 top-16 z-40 h-0.5 animate-pulse bg-ring" />
  );
}

const RouteErrorContext = createContext<unknown>(null);

/** The error a route's error element is showing (the data router's useRouteError). */
export function useRouteError(): unknown {
  return use(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  pathname: string;
  failed: boolean;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  // Going to another page leaves the crashed one behind, as the data router did.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname !== state.pathname ? { error: null, failed: false, pathname: props.pathname } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.fallback}</RouteErrorContext>;
  }
}

function ErrorBoundaryForRoute({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary fallback={fallback} pathname={pathname}>
      {children}
    </RouteErrorBoundary>
  );
}

let nextRouteKey = 0;

function toDeclarative(route: RouteObject, fallback: ReactNode): RouteObject {
  const { lazy: load, errorElement, hydrateFallbackElement, children, ...rest } = route;
  const ownFallback = hydrateFallbackElement ?? fallback;
  let element: ReactNode = route.element;
  if (load) {
    if (typeof load !== 'function') throw new Error('Only function-style lazy routes are supported.');
    const Page = lazyComponent(load as LazyLoader);
    // A fresh boundary per route (the key) shows its fallback even inside a navigation's transition.
    element = (
      <Suspense key={`route-${nextRouteKey++}`} fallback={ownFallback}>
        <Page />
      </Suspense>
    );
  }
  if (errorElement) element = <ErrorBoundaryForRoute fallback={errorElement}>{element ?? <Outlet />}</ErrorBoundaryForRoute>;
  const mapped = { ...rest, element } as RouteObject;
  if (children) mapped.children = children.map((child) => toDeclarative(child, fallback));
  return mapped;
}

/** The route table for useRoutes; call once at module level (each lazy route is created once). */
export function toDeclarativeRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => toDeclarative(route, <RouteLoading />));
}
