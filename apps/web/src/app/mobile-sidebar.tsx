import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { RoleName } from '@jornada/shared/permissions';
import { Menu, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SidebarNav } from './sidebar-nav';

/** Opens the drawer; must sit inside the drawer's DialogPrimitive.Root. */
export function MobileMenuButton() {
  return (
    <DialogPrimitive.Trigger asChild>
      <Button variant="inverse-ghost" size="icon" aria-label="Abrir menú" className="lg:hidden">
        <Menu className="size-6" aria-hidden="true" />
      </Button>
    </DialogPrimitive.Trigger>
  );
}

/**
 * The sidebar as a slide-in drawer below 1024px. Radix Dialog supplies the overlay,
 * focus trap, Escape to close and focus return to the menu button.
 */
interface MobileSidebarProps {
  /** The capabilities the menu follows (a custom role's base, decision 043). */
  role: RoleName;
  /** The role's own name, shown under the person's. */
  roleName: string;
  grantedViews: readonly string[];
  /** Shown in full here because the top bar truncates it on phones. */
  displayName: string;
  companyName: string | null;
}

export function MobileSidebar({ role, roleName, grantedViews, displayName, companyName }: MobileSidebarProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden" />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-card shadow-xl focus:outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in lg:hidden"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-border pr-2 pl-5">
          <DialogPrimitive.Title className="text-lg font-semibold">Menú</DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Cerrar menú">
              <X className="size-5" aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
        </div>
        <div className="border-b border-border px-5 py-3 text-sm">
          <p className="font-medium break-words">{displayName}</p>
          <p className="text-muted-foreground">
            {roleName}
            {companyName && ` · ${companyName}`}
          </p>
        </div>
        <div className="min-h-0 flex-1">
          <SidebarNav role={role} grantedViews={grantedViews} />
        </div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
