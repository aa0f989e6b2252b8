import { describe, expect, it } from 'vitest';
import {
  describeLoanItems,
  findDuplicateSize,
  materialSizes,
  sortBySize,
  statusesOfFilter,
  statusesOfMyView,
  stockDemandsOf,
  stockOf,
  totalStock,
} from './material';
import { confirmLoanRequestSchema, createLoanRequestSchema, createMaterialRequestSchema, updateStockRequestSchema } from './schemas/material';

describe('material sizes', () => {
  it("are the spec's seven, in its order", () => {
    expect(materialSizes).toEqual(['Unica', 'Xs', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('sort items by that order, unknown sizes last', () => {
    const items = [{ size: 'XXL' }, { size: 'Talla rara' }, { size: 'S' }, { size: 'Unica' }, { size: 'M' }];
    expect(sortBySize(items).map((item) => item.size)).toEqual(['Unica', 'S', 'M', 'XXL', 'Talla rara']);
  });

  it('find the first duplicate size', () => {
    expect(findDuplicateSize(['S', 'M', 'L'])).toBeUndefined();
    expect(findDuplicateSize(['S', 'M', 'S', 'M'])).toBe('S');
  });

  it('read the stock of a size (0 when absent) and the total', () => {
    const material = { items: [{ size: 'M', quantity: 3 }, { size: 'L', quantity: 0 }] };
    expect(stockOf(material, 'M')).toBe(3);
    expect(stockOf(material, 'L')).toBe(0);
    expect(stockOf(material, 'XL')).toBe(0);
    expect(totalStock(material)).toBe(3);
  });
});

describe('loan filters and lists', () => {
  it("'Todos' lists every state but a returned loan (it leaves the list)", () => {
    expect(statusesOfFilter('all')).toEqual(['Pendiente de confirmación', 'Confirmado', 'Denegado', 'Pendiente de devolución']);
  });

  it("'Pendientes' waits for the employee (receipt or return); 'Confirmados' is confirmed only", () => {
    expect(statusesOfFilter('pending')).toEqual(['Pendiente de confirmación', 'Pendiente de devolución']);
    expect(statusesOfFilter('confirmed')).toEqual(['Confirmado']);
  });

  it("the employee's pending actions and held material", () => {
    expect(statusesOfMyView('pending')).toEqual(['Pendiente de confirmación', 'Pendiente de devolución']);
    expect(statusesOfMyView('held')).toEqual(['Confirmado', 'Pendiente de devolución']);
  });
});

describe('stock demands of a loan', () => {
  it('sum lines of the same material and size, in one fixed order whatever the lines order', () => {
    const lines = [
      { materialId: 'mat-b', size: 'L', quantity: 1 },
      { materialId: 'mat-a', size: 'XL', quantity: 2 },
      { materialId: 'mat-a', size: 'S', quantity: 1 },
      { materialId: 'mat-b', size: 'L', quantity: 4 },
    ];
    const expected = [
      { materialId: 'mat-a', size: 'S', quantity: 1 },
      { materialId: 'mat-a', size: 'XL', quantity: 2 },
      { materialId: 'mat-b', size: 'L', quantity: 5 },
    ];
    expect(stockDemandsOf(lines)).toEqual(expected);
    expect(stockDemandsOf([...lines].reverse())).toEqual(expected);
  });

  it('read as one line of text', () => {
    expect(describeLoanItems([{ materialName: 'Polo', size: 'M', quantity: 2 }, { materialName: 'Chaleco', size: 'Unica', quantity: 1 }])).toBe(
      '2 × Polo (M), 1 × Chaleco (Única)',
    );
  });
});

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the loan request schema (spec section 5, in order)', () => {
  const line = { materialId: 'mat-1', size: 'M', quantity: 1 };
  it.each([
    [{}, 'Debes seleccionar un empleado.'],
    [{ employeeId: '', items: [line] }, 'Debes seleccionar un empleado.'],
    [{ employeeId: 'user-1' }, 'Debes añadir al menos un artículo para prestar.'],
    [{ employeeId: 'user-1', items: [line, { ...line, size: '' }] }, 'El artículo "2" está incompleto.'],
    [{ employeeId: 'user-1', items: [{ ...line, materialId: '' }] }, 'El artículo "1" está incompleto.'],
    [{ employeeId: 'user-1', items: [{ ...line, quantity: 0 }] }, 'El artículo "1" está incompleto.'],
    [{ employeeId: 'user-1', items: [{ ...line, quantity: null }] }, 'El artículo "1" está incompleto.'],
  ])('%j → «%s»', (value, message) => {
    expect(firstMessage(createLoanRequestSchema.safeParse(value))).toBe(message);
  });

  it('accepts complete lines', () => {
    expect(createLoanRequestSchema.safeParse({ employeeId: 'user-1', items: [line, { ...line, size: 'Unica', quantity: 3 }] }).success).toBe(true);
  });
});

describe('the material schemas', () => {
  it("say 'La cantidad debe ser mayor que cero.' to add, accept 0 to edit", () => {
    expect(firstMessage(createMaterialRequestSchema.safeParse({ name: 'Polo', items: [{ size: 'M', quantity: 0 }] }))).toBe('La cantidad debe ser mayor que cero.');
    expect(updateStockRequestSchema.safeParse({ quantity: 0 }).success).toBe(true);
    expect(firstMessage(updateStockRequestSchema.safeParse({ quantity: -1 }))).toBe('La cantidad no puede ser negativa.');
  });

  it('point the duplicate size at its second line', () => {
    const result = createMaterialRequestSchema.safeParse({ name: 'Polo', items: [{ size: 'M', quantity: 1 }, { size: 'M', quantity: 2 }] });
    expect(result.error?.issues[0]).toMatchObject({ message: 'La talla M ya está en el material.', path: ['items', 1, 'size'] });
  });

  it('want a PNG data URL as the signature', () => {
    expect(firstMessage(confirmLoanRequestSchema.safeParse({ signature: '' }))).toBe('Debes proporcionar tu firma para confirmar la recepción.');
    expect(firstMessage(confirmLoanRequestSchema.safeParse({ signature: 'data:image/gif;base64,R0lG' }))).toBe('La firma no es una imagen PNG válida.');
    expect(confirmLoanRequestSchema.safeParse({ signature: 'data:image/png;base64,iVBORw0KGgo=' }).success).toBe(true);
  });
});
