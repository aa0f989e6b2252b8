import { describe, expect, it } from 'vitest';
import { unbackedRecordEntry } from './registro-verify';

const entries = (...actions: string[]) => actions.map((action, index) => ({ seq: index + 1, action }));

describe("a time record's chain entries, each backed by what the app does", () => {
  it('accepts an opening, one exit and one change per approved correction', () => {
    expect(unbackedRecordEntry(entries('entrada', 'salida'), 0)).toBeNull();
    expect(unbackedRecordEntry(entries('entrada', 'salida', 'correccion'), 1)).toBeNull();
    expect(unbackedRecordEntry(entries('sellado', 'correccion'), 1)).toBeNull();
  });

  it("accepts a forgotten record created complete ('alta') and its later corrections", () => {
    expect(unbackedRecordEntry(entries('alta'), 0)).toBeNull();
    expect(unbackedRecordEntry(entries('alta', 'correccion'), 1)).toBeNull();
  });

  it("reports an exit after an 'alta', a second opening, and a second exit without a correction", () => {
    expect(unbackedRecordEntry(entries('alta', 'salida'), 0)?.seq).toBe(2);
    expect(unbackedRecordEntry(entries('entrada', 'alta'), 0)?.seq).toBe(2);
    expect(unbackedRecordEntry(entries('entrada', 'salida', 'salida'), 0)?.seq).toBe(3);
  });
});
