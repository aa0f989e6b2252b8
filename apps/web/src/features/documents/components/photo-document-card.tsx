import { isPhotoType, PHOTO_ACCEPT, PHOTO_TYPE_MESSAGE, uploadSizeProblem } from '@jornada/shared/files';
import { UNNAMED_DOCUMENT, type MyDocument } from '@jornada/shared/schemas/documents';
import { ImageOff, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUploadDocumentPhoto } from '../api/upload-document-photo';

/** A 'foto' document: its image (or 'Sin documento') and 'Subir' / 'Cambiar', which uploads at once. */
export function PhotoDocumentCard({ document }: { document: MyDocument }) {
  const inputId = `document-${document.id}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadDocumentPhoto();
  // The chosen image shows while it uploads, then the stored one replaces it.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const refuse = (description: string) => toast({ variant: 'destructive', title: 'Error', description });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPhotoType(file.type)) return refuse(PHOTO_TYPE_MESSAGE);
    const sizeProblem = uploadSizeProblem([file]);
    if (sizeProblem) return refuse(sizeProblem);
    setPreview(URL.createObjectURL(file));
    upload.mutate(
      { documentId: document.id, file },
      {
        onSuccess: () => toast({ title: 'Documento Guardado', description: `«${document.name}» se ha guardado.` }),
        onSettled: () => setPreview(null),
      },
    );
  };

  const source = preview ?? document.file?.url;
  const action = document.file ? 'Cambiar' : 'Subir';
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <label htmlFor={inputId} className="min-w-0 font-semibold break-words">
          {document.name}
        </label>
        <Badge variant="secondary">Foto</Badge>
      </div>
      <div className="flex aspect-[3/2] items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
        {source ? (
          <img src={source} alt={`Vista previa de ${document.name}`} className="size-full object-contain" />
        ) : (
          <span className="flex flex-col items-center gap-2 text-muted-foreground">
            <ImageOff className="size-8" aria-hidden="true" />
            Sin documento
          </span>
        )}
      </div>
      {document.file && <p className="truncate text-sm text-muted-foreground">{document.file.name || UNNAMED_DOCUMENT}</p>}
      <input ref={inputRef} id={inputId} type="file" accept={PHOTO_ACCEPT} className="sr-only" tabIndex={-1} onChange={onChange} />
      <Button variant="outline" aria-label={`${action} ${document.name}`} onClick={() => inputRef.current?.click()} disabled={upload.isPending}>
        {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        {action}
      </Button>
    </Card>
  );
}
