import type { ArchivedSubject } from '@jornada/shared/schemas/legal-archive';
import { Archive } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLegalArchive } from '../api/get-legal-archive';
import { ArchivedSubjectCard } from '../components/archived-subject-card';

function SubjectList({ subjects, empty }: { subjects: ArchivedSubject[]; empty: string }) {
  if (subjects.length === 0) return <EmptyState icon={Archive}>{empty}</EmptyState>;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {subjects.map((subject) => (
        <li key={subject.id}>
          <ArchivedSubjectCard subject={subject} />
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Archivo Legal' (decision 014), platform administrators only: the registro de jornada of deleted
 * companies and workers, kept 4 years by law and purged after; nobody else sees it.
 */
export default function LegalArchiveRoute() {
  const archive = useLegalArchive();
  return (
    <>
      <PageHeader
        title="Archivo Legal"
        description="Registro de jornada de empresas y trabajadores eliminados: se conserva 4 años (art. 34.9 del Estatuto de los Trabajadores) y después se purga automáticamente."
      />
      {archive.isPending ? (
        <Skeleton className="h-48" />
      ) : (
        <Tabs defaultValue="companies">
          <TabsList aria-label="Tipo">
            <TabsTrigger value="companies">Empresas ({archive.data?.companies.length ?? 0})</TabsTrigger>
            <TabsTrigger value="users">Trabajadores ({archive.data?.users.length ?? 0})</TabsTrigger>
          </TabsList>
          <TabsContent value="companies">
            <SubjectList subjects={archive.data?.companies ?? []} empty="No hay empresas eliminadas con registro archivado." />
          </TabsContent>
          <TabsContent value="users">
            <SubjectList subjects={archive.data?.users ?? []} empty="No hay trabajadores eliminados con registro archivado." />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
