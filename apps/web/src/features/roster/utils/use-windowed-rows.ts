import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Rows drawn beyond each edge of the browser window, in pixels: a scroll or a Tab finds them already there. */
const OVERSCAN_PX = 240;

export interface WindowedRows {
  /** First and one-past-last index of the rows to render. */
  start: number;
  end: number;
  /** Heights of the spacers standing in for the rows not rendered, above and below. */
  before: number;
  after: number;
  /** On the rows' container (the tbody): its position says which rows are in the window. */
  bodyRef: (element: HTMLTableSectionElement | null) => void;
}

export interface Range {
  start: number;
  end: number;
  before: number;
  after: number;
}

/**
 * The rows that meet [from, to) (pixels from the top of the first row) and the spacers' heights,
 * with each row's measured height, else the average of those measured, else `estimate`.
 */
export function rowsInWindow(count: number, heights: readonly (number | undefined)[], estimate: number, from: number, to: number): Range {
  const measured = heights.filter((height): height is number => height !== undefined);
  const fallback = measured.length > 0 ? measured.reduce((sum, height) => sum + height, 0) / measured.length : estimate;
  const offsets = new Array<number>(count + 1);
  offsets[0] = 0;
  for (let index = 0; index < count; index += 1) offsets[index + 1] = offsets[index]! + (heights[index] ?? fallback);
  let start = 0;
  while (start < count - 1 && offsets[start + 1]! <= from) start += 1;
  let end = start;
  while (end < count && offsets[end]! < to) end += 1;
  return { start, end, before: Math.round(offsets[start]!), after: Math.round(offsets[count]! - offsets[end]!) };
}

/**
 * Windowed rows for a long table in a page that scrolls as a whole (decision 045, addendum): only
 * the rows in and near the browser window are rendered, the others stand as two spacers of their
 * height (measured once drawn, else the average of those measured, else `estimate`). A 500-person
 * month is ~15,500 cells; the window is a few dozen rows. Rows carry `data-index`. `listKey`
 * names the list: another one (a month, a filter) forgets the heights measured.
 */
export function useWindowedRows(count: number, estimate: number, listKey: string): WindowedRows {
  const body = useRef<HTMLTableSectionElement | null>(null);
  const heights = useRef<(number | undefined)[]>([]);
  const measuredKey = useRef(listKey);
  const [range, setRange] = useState<Range>(() => {
    const end = Math.min(count, Math.ceil((window.innerHeight + OVERSCAN_PX) / estimate));
    return { start: 0, end, before: 0, after: (count - end) * estimate };
  });

  /** Reads the rendered rows' heights, then which rows the window needs; renders again only when that differs. */
  const update = useCallback(() => {
    const element = body.current;
    if (!element) return;
    if (measuredKey.current !== listKey) {
      measuredKey.current = listKey;
      heights.current = [];
    }
    for (const row of element.querySelectorAll<HTMLTableRowElement>(':scope > tr[data-index]')) {
      heights.current[Number(row.dataset.index)] = row.getBoundingClientRect().height;
    }
    const top = element.getBoundingClientRect().top;
    const next = rowsInWindow(count, heights.current, estimate, -top - OVERSCAN_PX, window.innerHeight - top + OVERSCAN_PX);
    setRange((previous) =>
      previous.start === next.start && previous.end === next.end && previous.before === next.before && previous.after === next.after ? previous : next,
    );
  }, [count, estimate, listKey]);

  // After every render: the new rows' heights may move the spacers, which may bring more rows in.
  useLayoutEffect(update);

  useLayoutEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          update();
        });
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [update]);

  const bodyRef = useCallback((element: HTMLTableSectionElement | null) => {
    body.current = element;
  }, []);
  // A shorter list than the last one measured: never past its end.
  const end = Math.min(range.end, count);
  const start = Math.min(range.start, end);
  return { start, end, before: range.before, after: end === count ? 0 : range.after, bodyRef };
}
