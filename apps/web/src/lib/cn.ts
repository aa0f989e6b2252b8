/** Joins class names, skipping falsy ones. Components avoid conflicting utilities, so no merge step is needed. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
