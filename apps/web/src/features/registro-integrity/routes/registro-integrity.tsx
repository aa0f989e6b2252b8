import { formatDateTime } from '@jornada/shared/format';
import type { RegistroVerification } from '@jornada/shared/schemas/registro-integrity';
import { useMutation } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api-client';
import { errorDescription } from '@/lib/error-message';

/**
 * Integridad del Registro (administrators): checks every company's hash chain on the server (the
 * same check as `npm run verify-registro`) and shows each company's first broken link.
 */
export default function RegistroIntegrityRoute() {
  const check = useMutation({ mutationFn: () => api.post<RegistroVerification>('/registro-integrity/verify') });
  const result = check.data;
  return (
    <>
      <PageHeader
        title="Integridad del Registro"
        description="Cada fichaje y cada corrección se encadenan por empresa con un hash HMAC-SHA256 cuya clave se guarda fuera de la base de datos. La comprobación detecta cualquier cambio hecho fuera de la aplicación."
        actions={
          <Button onClick={() => check.mutate()} disabled={check.isPending}>
            {check.isPending ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
            Comprobar ahora
          </Button>
        }
      />
      {check.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorDescription(check.error, 'No se pudo comprobar el registro.')}</AlertDescription>
        </Alert>
      )}
      {!result && !check.isError && <p className="text-muted-foreground">Pulsa «Comprobar ahora» para revisar la cadena de todas las empresas.</p>}
      {result && (
        <div className="flex flex-col gap-4">
          <Alert variant={result.ok ? 'default' : 'destructive'}>
            <AlertDescription className="flex items-center gap-2 font-medium" role="status">
              {result.ok ? <ShieldCheck aria-hidden="true" className="size-5 text-green-700" /> : <ShieldAlert aria-hidden="true" className="size-5" />}
              {result.ok
                ? `Registro íntegro: la cadena de ${result.companies.length} empresa(s) es correcta (${formatDateTime(result.checkedAt)}).`
                : `Se han encontrado enlaces rotos en ${result.companies.filter((company) => !company.ok).length} empresa(s) (${formatDateTime(result.checkedAt)}).`}
            </AlertDescription>
          </Alert>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Empresa</TableHead>
                <TableHead>Entradas</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>Primer enlace roto</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.companies.map((company) => (
                <TableRow key={company.companyId}>
                  <TableCell className="font-medium">{company.companyName ?? `Empresa eliminada (${company.companyId})`}</TableCell>
                  <TableCell className="tabular-nums">
                    {company.entries}
                    {company.head && (
                      <p className="text-xs text-muted-foreground" title={company.head.hash}>
                        Cabecera: {company.head.seq} · <code>{company.head.hash.slice(0, 16)}…</code>
                      </p>
                    )}
                  </TableCell>
                  <TableCell>{company.ok ? <Badge variant="success">Correcto</Badge> : <Badge variant="destructive">Roto ({company.problems})</Badge>}</TableCell>
                  <TableCell className="min-w-72 text-sm">
                    {company.firstBreak ? (
                      <>
                        <p>
                          Entrada {company.firstBreak.seq ?? '—'} · {{ fichaje: 'fichaje', correccion: 'corrección', clave: 'clave de la cadena' }[company.firstBreak.kind]}{' '}
                          <code className="break-all">{company.firstBreak.subjectId}</code>
                          {company.firstBreak.recordId && company.firstBreak.recordId !== company.firstBreak.subjectId && (
                            <>
                              {' '}
                              (fichaje <code className="break-all">{company.firstBreak.recordId}</code>)
                            </>
                          )}
                        </p>
                        <p className="text-muted-foreground">{company.firstBreak.problem}</p>
                      </>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </>
  );
}
