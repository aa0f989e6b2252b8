import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth';
import { ImportPanel } from '../components/import-panel';

/** 'Importar' (issue 28 item 3, decision 053): employees and events from a CSV or XLSX file. */
export default function ImportRoute() {
  const auth = useAuth();
  const granted = auth.session?.profile.grantedViews ?? [];
  // Events are staffed by the company's people: the server asks for 'Gestionar Eventos' too.
  const events = auth.isAdmin || granted.includes('manage-events');
  return (
    <>
      <PageHeader
        title="Importar"
        description="Da de alta muchas personas o eventos de una vez desde una hoja de cálculo. Primero se revisa cada fila; no se guarda nada hasta que todas están bien."
      />
      <Tabs defaultValue="employees">
        <TabsList aria-label="Qué importar">
          <TabsTrigger value="employees">Empleados</TabsTrigger>
          {events && <TabsTrigger value="events">Eventos</TabsTrigger>}
        </TabsList>
        <TabsContent value="employees" className="mt-4">
          <ImportPanel kind="employees" isAdmin={auth.isAdmin} />
        </TabsContent>
        {events && (
          <TabsContent value="events" className="mt-4">
            <ImportPanel kind="events" isAdmin={auth.isAdmin} />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}
