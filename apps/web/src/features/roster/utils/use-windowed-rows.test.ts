import { describe, expect, it } from 'vitest';
import { rowsInWindow } from './use-windowed-rows';

describe('rowsInWindow', () => {
  it('takes the rows that meet the window and stands the others as spacers of their height', () => {
    // 500 rows of 50 px; the window shows pixels 1,000 to 1,800 of the body.
    expect(rowsInWindow(500, [], 50, 1000, 1800)).toEqual({ start: 20, end: 36, before: 1000, after: 464 * 50 });
  });

  it('renders every row of a short list, with no spacer', () => {
    expect(rowsInWindow(3, [], 80, -320, 1120)).toEqual({ start: 0, end: 3, before: 0, after: 0 });
  });

  it('uses the measured heights, and their average for the rows not drawn yet', () => {
    const heights = [40, 60, 50];
    // Rows 3.. count 50 each (the average): row 4 starts at 200.
    expect(rowsInWindow(10, heights, 999, 210, 260)).toEqual({ start: 4, end: 6, before: 200, after: 200 });
  });

  it('keeps the last row when the window is past the end', () => {
    expect(rowsInWindow(5, [], 10, 900, 1000)).toEqual({ start: 4, end: 5, before: 40, after: 0 });
  });
});
