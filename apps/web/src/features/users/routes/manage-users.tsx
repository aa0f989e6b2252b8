import type { User } from '@jornada/shared/schemas/users';
import { Plus, UserCog } from 'lucide-react';
import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { PageHeader } from '@/components/layout/page-header';
import { FilterBar, SearchFilter } from '@/components/list-filters/filter-fields';
import { useUrlFilters } from '@/components/list-filters/use-url-filters';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useCurrentSession } from '@/lib/auth';
import { useCategories } from '../api/get-categories';
import { useUsers } from '../api/get-users';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { UserDialog } from '../components/user-dialog';
import { UserList, type UserAction } from '../components/user-list';

const searchKeys = ['q'] as const;
const noCompanyOption = [{ value: 'none', label: 'Sin empresa' }] as const;

type Selection = { action: 'create' } | { action: UserAction; user: User };

export default function ManageUsersRoute() {
  const session = useCurrentSession();
  // '' is every company, 'none' the users without one (the administrators).
  const [companyFilter, setCompanyFilter] = useState('');
  const search = useUrlFilters(searchKeys);
  const users = useUsers(companyFilter || 'all', search.values.q);
  const categories = useCategories();
  const [selected, setSelected] = useState<Selection | null>(null);
  const close = () => setSelected(null);
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader
        title="Gestionar Usuarios"
        description="Administradores, supervisores y empleados de todas las empresas."
        actions={
          <Button onClick={() => setSelected({ action: 'create' })}>
            <Plus aria-hidden="true" />
            Nuevo usuario
          </Button>
        }
      />
      <CompanyPicker
        id="users-company-filter"
        label="Filtrar por empresa"
        empty="all"
        emptyLabel="Todas"
        extraOptions={noCompanyOption}
        className="mb-4 sm:max-w-xs"
        value={companyFilter}
        onChange={(event) => setCompanyFilter(event.target.value)}
      />
      <FilterBar label="Buscar usuarios" active={search.active} onClear={search.clear}>
        <SearchFilter value={search.values.q} onChange={(value) => search.set('q', value)} placeholder="Nombre, usuario o correo" />
      </FilterBar>
      {users.isPending ? (
        <ListSkeleton rows={4} rowClassName="h-16" />
      ) : users.isError ? (
        <EmptyState>No se pudieron cargar los usuarios.</EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState icon={<UserCog />}>No hay usuarios con este filtro.</EmptyState>
      ) : (
        <div aria-busy={users.isPlaceholderData} className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <UserList users={rows} currentUserId={session.user.id} onAction={(action, user) => setSelected({ action, user })} />
          <LoadMoreButton hasNextPage={users.hasNextPage} isFetchingNextPage={users.isFetchingNextPage} onLoadMore={() => void users.fetchNextPage()} />
        </div>
      )}
      {(selected?.action === 'create' || selected?.action === 'edit') && (
        <UserDialog
          user={selected.action === 'edit' ? selected.user : null}
          categories={categories.data ?? []}
          onClose={close}
        />
      )}
      {selected?.action === 'delete' && <DeleteUserDialog user={selected.user} onClose={close} />}
    </>
  );
}
