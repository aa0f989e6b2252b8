import { FileText } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useMyDocuments } from '../api/get-my-documents';
import { PhotoDocumentCard } from '../components/photo-document-card';
import { TextDocumentCard } from '../components/text-document-card';
import { MyQualifications } from '@/features/qualifications/components/my-qualifications';

/** Mis Documentos: the documents all the user's categories ask for, once each. */
export default function MyDocumentsRoute() {
  const documents = useMyDocuments();
  return (
    <>
      <PageHeader title="Mis Documentos" description="Los documentos que piden tus categorías: fotos y datos escritos." />
      {documents.isPending ? (
        <ListSkeleton rows={3} rowClassName="h-40" />
      ) : documents.isError ? (
        <EmptyState>No se pudieron cargar tus documentos.</EmptyState>
      ) : documents.data.items.length === 0 ? (
        <EmptyState icon={FileText}>Sin documentos requeridos</EmptyState>
      ) : (
        <div className="grid max-w-4xl gap-4 md:grid-cols-2">
          {documents.data.items.map((document) =>
            document.type === 'foto' ? <PhotoDocumentCard key={document.id} document={document} /> : <TextDocumentCard key={document.id} document={document} />,
          )}
        </div>
      )}
      <MyQualifications />
    </>
  );
}
