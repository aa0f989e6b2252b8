import type { User } from '@jornada/shared/schemas/users';
import { Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DESKTOP_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';

export type UserAction = 'edit' | 'delete';

interface UserListProps {
  users: User[];
  currentUserId: string;
  onAction: (action: UserAction, user: User) => void;
}

function CategoryBadges({ user }: { user: User }) {
  if (user.categories.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {user.categories.map((category) => (
        <Badge key={category.id} variant="outline" className="max-w-full break-words whitespace-normal!">
          {category.name}
        </Badge>
      ))}
    </span>
  );
}

function CompanyBadge({ user }: { user: User }) {
  return user.company ? <Badge variant="secondary" className="max-w-full break-words whitespace-normal!">{user.company.name}</Badge> : <span className="text-muted-foreground">Sin empresa</span>;
}

function Actions({ user, currentUserId, onAction, nowrap = false }: { user: User; nowrap?: boolean } & Omit<UserListProps, 'users'>) {
  return (
    <div className={nowrap ? 'flex justify-end gap-2' : 'flex flex-wrap gap-2'}>
      <Button variant="outline" size="sm" onClick={() => onAction('edit', user)} aria-label={`Editar ${user.name}`}>
        <Pencil aria-hidden="true" />
        Editar
      </Button>
      {/* Nobody deletes their own user (the server refuses it too). */}
      {user.id !== currentUserId && (
        <Button variant="destructive-outline" size="sm" onClick={() => onAction('delete', user)} aria-label={`Eliminar ${user.name}`}>
          <Trash2 aria-hidden="true" />
          Eliminar
        </Button>
      )}
    </div>
  );
}

function NameCell({ user }: { user: User }) {
  return (
    <span className="flex flex-wrap items-center gap-2 font-medium">
      {user.name}
      {user.isDisabled && <Badge variant="destructive">Deshabilitado</Badge>}
    </span>
  );
}

/** A table on desktop, a card per user on phones. */
export function UserList({ users, currentUserId, onAction }: UserListProps) {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  if (isDesktop) {
    return (
      <Table aria-label="Usuarios">
        <TableHeader>
          <TableRow>
            <TableHead>Nombre</TableHead>
            <TableHead>Usuario</TableHead>
            <TableHead>Rol</TableHead>
            <TableHead>Empresa</TableHead>
            <TableHead>Categorías</TableHead>
            <TableHead className="text-right">Acciones</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell>
                <NameCell user={user} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{user.username}</TableCell>
              <TableCell>{user.roleName}</TableCell>
              <TableCell>
                <CompanyBadge user={user} />
              </TableCell>
              <TableCell>
                <CategoryBadges user={user} />
              </TableCell>
              <TableCell className="w-0">
                <Actions user={user} currentUserId={currentUserId} onAction={onAction} nowrap />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <ul aria-label="Usuarios" className="flex flex-col gap-3">
      {users.map((user) => (
        <li key={user.id}>
          <Card className="flex flex-col gap-3 p-4">
            <div className="flex flex-col gap-1">
              <NameCell user={user} />
              <span className="text-sm wrap-anywhere text-muted-foreground">
                {user.username} · {user.roleName}
              </span>
            </div>
            <div className="flex flex-wrap gap-1 text-sm">
              <CompanyBadge user={user} />
              <CategoryBadges user={user} />
            </div>
            <Actions user={user} currentUserId={currentUserId} onAction={onAction} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
