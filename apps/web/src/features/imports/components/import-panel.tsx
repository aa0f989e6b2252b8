import { Download, FileCheck, FolderOpen, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_TEMPLATES, type ImportKind, type ImportPreview } from '@jornada/shared/schemas/imports';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorDescription } from '@/lib/error-message';
import { useCommitImport, usePreviewImport } from '../api/imports';
import { ImportPreviewTable } from './import-preview-table';

const TEMPLATE_NAMES: Record<ImportKind, string> = { employees: 'plantilla-empleados.csv', events: 'plantilla-eventos.csv' };
const HINTS: Record<ImportKind, string> = {
  employees:
    'Cada persona entra como Empleado y recibe por correo una invitación para crear su contraseña. Las categorías, separadas por comas, deben existir en la empresa; el número TIP se guarda como su titulación TIP.',
  events: 'Fechas como 2027-07-15 20:00 o 15/07/2027 20:00, en la hora de la empresa. En «Personal», los nombres de usuario separados por comas.',
};
const DONE: Record<ImportKind, (count: number) => string> = {
  employees: (count) => `Se han importado ${count} ${count === 1 ? 'empleado' : 'empleados'} y se han enviado sus invitaciones por correo.`,
  events: (count) => `Se han importado ${count} ${count === 1 ? 'evento' : 'eventos'}.`,
};

/** 'Descargar plantilla': made here, with the BOM so Excel reads the accents as UTF-8. */
function downloadTemplate(kind: ImportKind) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${IMPORT_TEMPLATES[kind]}\r\n`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = TEMPLATE_NAMES[kind];
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One kind of import: the file, its preview (every row and its problems) and 'Importar', only when no row has any. */
export function ImportPanel({ kind, isAdmin }: { kind: ImportKind; isAdmin: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = usePreviewImport(kind);
  const commit = useCommitImport(kind);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setError(null);
  };
  const review = () => {
    if (!file) return;
    setError(null);
    check.mutate(file, { onSuccess: setPreview, onError: (failure) => setError(errorDescription(failure, 'No se ha podido leer el archivo. Inténtalo de nuevo.')) });
  };
  const importFile = () => {
    if (!file) return;
    commit.mutate(file, {
      onSuccess: (result) => {
        toast({ title: 'Importación completada', description: DONE[kind](result.created) });
        choose(null);
        if (input.current) input.current.value = '';
      },
      onError: (failure) => setError(errorDescription(failure, 'No se ha podido importar el archivo. Inténtalo de nuevo.')),
    });
  };

  const ready = preview !== null && preview.rowsWithProblems === 0 && preview.fileProblems.length === 0;
  const columns = IMPORT_COLUMNS[kind];

  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-xl border border-border bg-card p-4 text-sm shadow-sm">
        <p>
          Columnas:{' '}
          {columns.map((column, index) => (
            <span key={column.key}>
              {index > 0 && ', '}
              <strong>{column.header}</strong>
              {column.required ? ' (obligatoria)' : ''}
            </span>
          ))}
          . El archivo puede ser CSV (separado por «;» o «,») o XLSX, con hasta {IMPORT_MAX_ROWS} filas.
        </p>
        <p className="text-muted-foreground">{HINTS[kind]}</p>
        <p className="text-muted-foreground">
          {isAdmin ? 'Como administrador, escribe en «Empresa» el nombre de la empresa de cada fila.' : 'Las filas se importan en tu empresa: la columna «Empresa» puede quedar vacía.'}
        </p>
        <Button type="button" variant="outline" onClick={() => downloadTemplate(kind)}>
          <Download aria-hidden="true" />
          Descargar plantilla
        </Button>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>Archivo CSV o XLSX</Label>
          {/* The browser's own file button speaks the browser's language: ours speaks Spanish. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <div className="flex min-w-0 items-center gap-3">
            <Button type="button" variant="outline" onClick={() => input.current?.click()}>
              <FolderOpen aria-hidden="true" />
              Elegir archivo
            </Button>
            <span className="min-w-0 truncate text-sm text-muted-foreground">{file ? file.name : 'Ningún archivo elegido'}</span>
          </div>
        </div>
        <Button type="button" variant="outline" onClick={review} disabled={!file || check.isPending}>
          <FileCheck aria-hidden="true" />
          {check.isPending ? 'Revisando…' : 'Revisar archivo'}
        </Button>
        <Button type="button" onClick={importFile} disabled={!ready || commit.isPending}>
          <Upload aria-hidden="true" />
          {commit.isPending ? 'Importando…' : 'Importar'}
        </Button>
      </div>

      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {preview && preview.fileProblems.length > 0 && (
        <Alert variant="destructive">
          <AlertTitle>El archivo no se puede importar</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {preview.fileProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      {preview && preview.fileProblems.length === 0 && (
        <Alert variant={ready ? 'default' : 'destructive'}>
          <AlertDescription>
            {ready
              ? `Todo correcto: ${preview.rows.length} ${preview.rows.length === 1 ? 'fila lista' : 'filas listas'} para importar.`
              : `${preview.rowsWithProblems} de ${preview.rows.length} filas tienen problemas. No se importará nada hasta que corrijas el archivo y lo vuelvas a revisar.`}
          </AlertDescription>
        </Alert>
      )}
      {preview && preview.rows.length > 0 && preview.fileProblems.length === 0 && <ImportPreviewTable preview={preview} />}
    </div>
  );
}
