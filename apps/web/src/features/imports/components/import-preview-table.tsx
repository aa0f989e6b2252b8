import type { ImportPreview } from '@jornada/shared/schemas/imports';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** Every row of the file as read, with its problems beside it (the row stands out when it has any). */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <Table aria-label="Filas del archivo">
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
    </Table>
  );
}
