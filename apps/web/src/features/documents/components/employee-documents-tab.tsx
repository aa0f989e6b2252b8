import { UNNAMED_DOCUMENT, type EmployeeDocument } from '@jornada/shared/schemas/documents';
import { formatKilobytes } from '@jornada/shared/format';
import { Download, FolderOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useEmployeeDocuments } from '../api/get-employee-documents';

function DocumentRow({ document }: { document: EmployeeDocument }) {
  const fileName = document.file?.name || UNNAMED_DOCUMENT;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {document.name}
          {!document.required && <Badge variant="outline">Ya no requerido</Badge>}
        </p>
        {document.type === 'foto' ? (
          <p className="text-sm break-words text-muted-foreground">
            {document.file ? `${fileName} · ${formatKilobytes(document.file.size)}` : UNNAMED_DOCUMENT}
          </p>
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{document.text || UNNAMED_DOCUMENT}</p>
        )}
      </div>
      {document.file && (
        <a href={document.file.url} download={fileName} aria-label={`Descargar ${fileName}`} className={buttonClasses('outline', 'sm', 'shrink-0')}>
          <Download aria-hidden="true" />
          Descargar
        </a>
      )}
    </li>
  );
}

/** The 'Documentos' tab of the employee dialog: each saved document with its file name or text. */
export function EmployeeDocumentsTab({ employeeId }: { employeeId: string }) {
  const documents = useEmployeeDocuments(employeeId);
  if (documents.isPending) return <ListSkeleton rows={2} rowClassName="h-14" />;
  if (documents.isError) return <p className="text-sm text-muted-foreground">No se pudieron cargar los documentos.</p>;
  if (documents.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-input px-4 py-8 text-center text-muted-foreground">
        <FolderOpen className="size-6" aria-hidden="true" />
        <p>Sin documentos</p>
      </div>
    );
  }
  return (
    <ul aria-label="Documentos del empleado" className="divide-y divide-border">
      {documents.data.items.map((document) => (
        <DocumentRow key={document.id} document={document} />
      ))}
    </ul>
  );
}
