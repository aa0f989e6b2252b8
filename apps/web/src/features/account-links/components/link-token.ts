import { useEffect, useState } from 'react';

/**
 * The token a mailed link carries in its fragment (#t=…): fragments never reach a server, a log
 * or a Referer. Read once, then the address bar drops it, so a copied address, the history or a
 * screenshot does not hold a working link.
 */
export function useLinkToken(): string | null {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('t'));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}
