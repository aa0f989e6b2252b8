/** Where a download is served: a plain link, so the browser saves the server's file as is (with the session cookie). */
export function downloadUrl(path: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null));
  return `/api${path}?${query}`;
}
