/** Groups rows by a key in one pass (children of a page loaded with one query, no N+1). */
export function groupBy<T, V>(rows: readonly T[], keyOf: (row: T) => string, valueOf: (row: T) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}
