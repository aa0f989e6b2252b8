/** Material and loans: the spec's sizes, loan states and the pure rules both sides apply. */

/** Spec sections 5 and 9, in this order everywhere (pickers, cards). */
export const materialSizes = ['Unica', 'Xs', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type MaterialSize = (typeof materialSizes)[number];

/**
 * A size as people read it. The stored value stays the ASCII 'Unica' (the database's check and the
 * API's enum use it); every text shown or logged says 'Única'.
 */
export function materialSizeLabel(size: string): string {
  return size === 'Unica' ? 'Única' : size;
}

export const DEFAULT_LOAN_QUANTITY = 1;

/** Spec section 4: the states of a material loan. */
export const loanStatuses = ['Pendiente de confirmación', 'Confirmado', 'Denegado', 'Pendiente de devolución', 'Devuelto'] as const;
export type LoanStatus = (typeof loanStatuses)[number];

/** The lent-material filters (Todos, Pendientes, Confirmados). */
export const loanFilters = ['all', 'pending', 'confirmed'] as const;
export type LoanFilter = (typeof loanFilters)[number];

export const loanFilterLabels: Record<LoanFilter, string> = { all: 'Todos', pending: 'Pendientes', confirmed: 'Confirmados' };

/**
 * The statuses each filter lists. A returned loan leaves the list (spec section 4); 'Pendientes'
 * holds both states that wait for the employee (receipt and return).
 */
export function statusesOfFilter(filter: LoanFilter): LoanStatus[] {
  if (filter === 'pending') return ['Pendiente de confirmación', 'Pendiente de devolución'];
  if (filter === 'confirmed') return ['Confirmado'];
  return ['Pendiente de confirmación', 'Confirmado', 'Denegado', 'Pendiente de devolución'];
}

/** The employee's two lists: what waits for them (overview) and what they hold (account). */
export const myLoanViews = ['pending', 'held'] as const;
export type MyLoanView = (typeof myLoanViews)[number];

export function statusesOfMyView(view: MyLoanView): LoanStatus[] {
  return view === 'pending' ? ['Pendiente de confirmación', 'Pendiente de devolución'] : ['Confirmado', 'Pendiente de devolución'];
}

export function sizeOrder(size: string): number {
  const index = (materialSizes as readonly string[]).indexOf(size);
  return index === -1 ? materialSizes.length : index;
}

export function sortBySize<T extends { size: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => sizeOrder(a.size) - sizeOrder(b.size));
}

/** The first size that appears twice, or undefined ('Talla duplicada'). */
export function findDuplicateSize(sizes: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const size of sizes) {
    if (seen.has(size)) return size;
    seen.add(size);
  }
  return undefined;
}

export interface StockDemand {
  materialId: string;
  size: string;
  quantity: number;
}

/**
 * A loan's lines summed per material and size, in a fixed order: two lines of the same size need
 * their total in stock, and every transaction takes its row locks in the same order (no deadlock).
 */
export function stockDemandsOf(items: readonly StockDemand[]): StockDemand[] {
  const totals = new Map<string, StockDemand>();
  for (const item of items) {
    const key = `${item.materialId}\u0000${item.size}`;
    const current = totals.get(key);
    totals.set(key, { materialId: item.materialId, size: item.size, quantity: (current?.quantity ?? 0) + item.quantity });
  }
  return [...totals.values()].sort((a, b) =>
    a.materialId === b.materialId ? sizeOrder(a.size) - sizeOrder(b.size) : a.materialId < b.materialId ? -1 : 1,
  );
}

/** Units in stock for a size of a material (0 when the size does not exist). */
export function stockOf(material: { items: readonly { size: string; quantity: number }[] }, size: string): number {
  return material.items.find((item) => item.size === size)?.quantity ?? 0;
}

/** Total units of a material across its sizes. */
export function totalStock(material: { items: readonly { quantity: number }[] }): number {
  return material.items.reduce((total, item) => total + item.quantity, 0);
}

/** '2 × Polo (M), 1 × Chaleco (Única)': a loan's lines in one line of text (log, toasts). */
export function describeLoanItems(items: readonly { materialName: string; size: string; quantity: number }[]): string {
  return items.map((item) => `${item.quantity} × ${item.materialName} (${materialSizeLabel(item.size)})`).join(', ');
}

/** Loan confirmation signatures: a trimmed PNG from the pad, as a data URL, at most this many bytes. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';
