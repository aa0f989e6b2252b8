import type { ImportPreview } from '@jornada/shared/schemas/imports';
import { Badge } from '@/components/ui/badge';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** Every row of the file as read, with its problems beside it (the row stands out when it has any). */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    // Its own scrolling box, focusable: the rows have no control to tab to, and a keyboard user must
    // still scroll sideways to the columns that do not fit (a phone).
    <div
      role="region"
      aria-label="Vista previa del archivo"
      tabIndex={0}
      className="w-full overflow-x-auto rounded-xl border border-border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table aria-label="Filas del archivo" className="w-full caption-bottom text-sm">
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">Fila</TableHead>
            <TableHead className="min-w-64">Problemas</TableHead>
            {preview.columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.rows.map((row) => (
            <TableRow key={row.line} className={row.problems.length > 0 ? 'bg-red-50' : undefined} data-line={row.line}>
              <TableCell className="font-medium">{row.line}</TableCell>
              <TableCell>
                {row.problems.length === 0 ? (
                  <Badge variant="success">Correcta</Badge>
                ) : (
                  <ul className="list-disc space-y-1 pl-4 text-destructive">
                    {row.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </TableCell>
              {row.cells.map((cell, index) => (
                <TableCell key={preview.columns[index]} className="whitespace-nowrap">
                  {cell || <span className="text-muted-foreground">—</span>}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </table>
    </div>
  );
}
