import { formatDateTime } from '@jornada/shared/format';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SignatureImage } from '@/components/ui/signature-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useMySignature } from '../api/get-my-signature';
import { SignatureEditor } from '../components/signature-editor';

/** Mi Firma: the pad until a signature is saved, then the saved one with 'Dibujar Nueva Firma'. */
export default function MySignatureRoute() {
  const signature = useMySignature();
  const [drawing, setDrawing] = useState(false);
  const saved = signature.data?.signature ?? null;

  return (
    <>
      <PageHeader title="Mi Firma" description="La firma con la que firmas tus partes de trabajo." />
      <Card className="max-w-2xl p-4 sm:p-6">
        {signature.isPending ? (
          <div role="status" aria-label="Cargando">
            <Skeleton className="h-56" />
          </div>
        ) : signature.isError ? (
          <EmptyState>No se pudo cargar tu firma.</EmptyState>
        ) : saved && !drawing ? (
          <div className="flex flex-col gap-4">
            <h2 className="text-sm font-medium">Firma guardada</h2>
            <SignatureImage src={saved.url} alt="Tu firma guardada" className="h-48 sm:h-56" />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground">Guardada el {formatDateTime(saved.updatedAt)}</p>
              <Button variant="outline" onClick={() => setDrawing(true)}>
                <PenLine aria-hidden="true" />
                Dibujar Nueva Firma
              </Button>
            </div>
          </div>
        ) : (
          <SignatureEditor onSaved={() => setDrawing(false)} onCancel={saved ? () => setDrawing(false) : undefined} />
        )}
      </Card>
    </>
  );
}
