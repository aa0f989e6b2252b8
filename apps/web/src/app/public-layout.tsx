import { Outlet } from 'react-router';
import { TopBar } from './top-bar';

/** Landing and login: the shared top bar over a full-height page. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-navy focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      <TopBar />
      {/* At least a screen tall (minus the top bar): the footer starts below the fold, so the page's
          content arriving with its chunk never pushes a visible footer down (layout shift). */}
      <main id="main" tabIndex={-1} className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} Jornada
      </footer>
    </div>
  );
}
