import { Mail } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useMails } from '../api/get-mails';
import { MailList } from '../components/mail-list';

export default function SentMailsRoute() {
  const mails = useMails();
  const items = mails.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        title="Correos Enviados"
        description="Cada correo que la plataforma ha enviado o tiene pendiente, del más reciente al más antiguo. Sin servidor de correo configurado (SMTP_URL), se quedan aquí sin enviar."
      />
      {mails.isPending ? (
        <ListSkeleton rows={6} rowClassName="h-14" />
      ) : mails.isError ? (
        <EmptyState>No se pudieron cargar los correos.</EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<Mail />}>Todavía no se ha enviado ningún correo.</EmptyState>
      ) : (
        <>
          <MailList mails={items} />
          <LoadMoreButton hasNextPage={mails.hasNextPage} isFetchingNextPage={mails.isFetchingNextPage} onLoadMore={() => void mails.fetchNextPage()} />
        </>
      )}
    </>
  );
}
