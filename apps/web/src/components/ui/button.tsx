import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant =
  | 'default'
  | 'destructive'
  | 'outline'
  // A quieter destructive action in a row of outline buttons ('Eliminar').
  | 'destructive-outline'
  | 'secondary'
  | 'ghost'
  | 'link'
  // For the navy brand surfaces (top bar, landing hero).
  | 'inverse'
  | 'inverse-ghost';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors ' +
  'focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none ' +
  'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-primary text-primary-foreground hover:bg-primary-hover focus-visible:ring-ring',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover focus-visible:ring-destructive',
  outline: 'border border-input bg-card text-foreground hover:bg-muted focus-visible:ring-ring',
  'destructive-outline': 'border border-destructive/60 bg-card text-destructive hover:bg-red-50 focus-visible:ring-destructive',
  secondary: 'bg-muted text-foreground hover:bg-border focus-visible:ring-ring',
  ghost: 'text-foreground hover:bg-muted focus-visible:ring-ring',
  link: 'text-primary underline-offset-4 hover:underline focus-visible:ring-ring',
  inverse: 'bg-white text-navy hover:bg-blue-50 focus-visible:ring-white focus-visible:ring-offset-navy',
  'inverse-ghost': 'text-white hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-navy',
};

// 44px tall on touch screens (WCAG 2.5.5 target size); a little tighter on desktop.
const sizes: Record<ButtonSize, string> = {
  default: 'h-11 px-4 lg:h-10',
  sm: 'h-11 px-3 lg:h-9',
  lg: 'h-12 px-6 text-base',
  icon: 'size-11 lg:size-10',
};

/** Class names of a button, for links that must look like one. */
export function buttonClasses(variant: ButtonVariant = 'default', size: ButtonSize = 'default', className?: string) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
