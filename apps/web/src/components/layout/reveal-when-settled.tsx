import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

const Revealed = createContext(true);

/**
 * False while an enclosing RevealWhenSettled still hides its content (display: none): a costly
 * part that nobody can see yet (the overview calendar's 42 days in the company time zone) can
 * wait and draw once, with its data, when the content is shown, instead of at every answer.
 * True outside any RevealWhenSettled.
 */
export function useRevealed(): boolean {
  return useContext(Revealed);
}

interface RevealWhenSettledProps {
  /**
   * The content, as a function: it is called again when the content is shown, so every block
   * renders then with the data its queries hold at that moment. (Given as elements, the blocks
   * were not rendered by the reveal, and React could still be holding a block's last answer for
   * a render after it: 'Acciones Pendientes' appeared under the shown content and pushed the
   * rest down, CLS 0.16 on desktop.)
   */
  children: () => ReactNode;
  /** Shown until the first loads are done; a skeleton of about the same size. */
  fallback: ReactNode;
  /** Shows the content anyway after this long, so one slow request never hides a whole screen. */
  maxWaitMs?: number;
}

/**
 * Mounts `children` at once (their queries start) but shows them only when no query is
 * fetching any more, or after `maxWaitMs`: a screen made of several independently loading
 * blocks then appears in one piece instead of pushing its blocks down one by one as each
 * arrives (layout shift, CLS <= 0.02 in issue 10). Later refetches never hide it again.
 */
export function RevealWhenSettled({ children, fallback, maxWaitMs = 2500 }: RevealWhenSettledProps) {
  const client = useQueryClient();
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    if (revealed) return;
    // Children's effects (which start their queries) ran before this one, so "nothing fetching"
    // really means their first loads are done.
    // A transition: React renders the whole content (the calendar's days included) in slices that
    // leave the main thread free in between, instead of one long task.
    const reveal = () => startTransition(() => setRevealed(true));
    const check = () => {
      if (client.isFetching() === 0) reveal();
    };
    const unsubscribe = client.getQueryCache().subscribe(() => queueMicrotask(check));
    queueMicrotask(check);
    const timer = setTimeout(reveal, maxWaitMs);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [client, revealed, maxWaitMs]);

  return (
    <>
      {!revealed && fallback}
      <div hidden={!revealed}>
        <Revealed value={revealed}>{children()}</Revealed>
      </div>
    </>
  );
}
