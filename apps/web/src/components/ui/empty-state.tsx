import type { LucideIcon } from 'lucide-react';
import { createElement, isValidElement, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface EmptyStateProps extends ComponentProps<'div'> {
  /** An icon element (<Building />) or an icon component (Building). */
  icon?: ReactNode | LucideIcon;
  /** A button or link under the text (e.g. the first 'Nuevo …'). */
  action?: ReactNode;
}

function isIconComponent(icon: EmptyStateProps['icon']): icon is LucideIcon {
  return typeof icon === 'function' || (typeof icon === 'object' && icon !== null && '$$typeof' in icon && !isValidElement(icon));
}

/** A list's empty state: the spec's text in a dashed box, with an optional icon and action. */
export function EmptyState({ icon, action, className, children, ...props }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-input bg-card px-6 py-10 text-center text-muted-foreground',
        className,
      )}
      {...props}
    >
      {icon != null && (
        <span className="[&_svg]:size-8" aria-hidden="true">
          {isIconComponent(icon) ? createElement(icon) : icon}
        </span>
      )}
      <p>{children}</p>
      {action}
    </div>
  );
}
