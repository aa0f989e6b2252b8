import { formatDateTime } from '@jornada/shared/format';
import { Clock, FileDown, FileSpreadsheet, ShieldX } from 'lucide-react';
import { useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorDescription } from '@/lib/error-message';
import { publicDownloadUrl, usePublicAccess } from '../api/get-public-access';
import { AccessRecords } from '@/components/registro/access-records';
import { formatPeriod } from '../lib/access-link-format';

function PublicHeader() {
  return (
    <header className="bg-navy text-white shadow-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <span className="flex size-8 items-center justify-center rounded-lg bg-white/10" aria-hidden="true">
          <Clock className="size-5 text-blue-200" />
        </span>
        <span className="text-lg font-bold tracking-tight">Jornada</span>
        <span className="ml-auto text-sm text-blue-200">Acceso de solo lectura</span>
      </div>
    </header>
  );
}

function Refused({ error }: { error: unknown }) {
  return (
    <div role="alert" className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-3 rounded-xl border border-border bg-card p-8 text-center">
      <ShieldX className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-xl font-bold">Enlace no disponible</h1>
      <p className="text-muted-foreground">{errorDescription(error, 'No se ha podido abrir el enlace. Inténtalo de nuevo más tarde.')}</p>
    </div>
  );
}

/**
 * /acceso/:token (decision 014): what an inspector or the workers' representatives see, without a
 * session: the company, the period, the purpose, the expiry and the period's records, nothing else.
 */
export default function PublicAccessRoute() {
  const { token = '' } = useParams();
  const view = usePublicAccess(token);
  const first = view.data?.pages[0];
  const records = view.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <title>Registro de jornada · Jornada</title>
      <meta name="referrer" content="no-referrer" />
      <meta name="robots" content="noindex, nofollow" />
      <PublicHeader />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {view.isPending ? (
          <div className="flex flex-col gap-4">
            <Skeleton className="h-24" />
            <Skeleton className="h-64" />
          </div>
        ) : view.isError || !first ? (
          <Refused error={view.error} />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Registro de jornada de {first.companyName}</h1>
            <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="text-muted-foreground">Periodo</dt>
              <dd>{formatPeriod(first.from, first.to)}</dd>
              <dt className="text-muted-foreground">Finalidad</dt>
              <dd className="break-words">{first.purpose}</dd>
              <dt className="text-muted-foreground">Enlace válido hasta</dt>
              <dd>{formatDateTime(first.expiresAt, first.timeZone)}</dd>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={publicDownloadUrl(token, 'pdf')} className={buttonClasses('default')} rel="noreferrer">
                <FileDown aria-hidden="true" />
                Descargar PDF
              </a>
              <a href={publicDownloadUrl(token, 'csv')} className={buttonClasses('outline')} rel="noreferrer">
                <FileSpreadsheet aria-hidden="true" />
                Descargar CSV
              </a>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              Horas en la zona horaria de la empresa ({first.timeZone}). «Corregido»: valores cambiados por una corrección aceptada por el trabajador y la empresa; el
              PDF y el CSV incluyen los totales diarios y mensuales y las horas extraordinarias. Cada consulta y descarga queda registrada.
            </p>
            <section aria-labelledby="records-title" className="mt-6">
              <h2 id="records-title" className="mb-3 text-lg font-semibold">
                Fichajes ({records.length}
                {view.hasNextPage ? '+' : ''})
              </h2>
              {records.length ? <AccessRecords records={records} timeZone={first.timeZone} /> : <EmptyState>No hay fichajes en este periodo.</EmptyState>}
              <LoadMoreButton hasNextPage={view.hasNextPage} isFetchingNextPage={view.isFetchingNextPage} onLoadMore={() => void view.fetchNextPage()} />
            </section>
          </>
        )}
      </main>
    </div>
  );
}
