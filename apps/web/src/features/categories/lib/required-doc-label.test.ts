import { describe, expect, it } from 'vitest';
import { requiredDocLabel } from './required-doc-label';

describe('requiredDocLabel', () => {
  it('adds the type to the name', () => {
    expect(requiredDocLabel({ name: 'DNI', type: 'foto' })).toBe('DNI (foto)');
    expect(requiredDocLabel({ name: 'Número TIP', type: 'escrito' })).toBe('Número TIP (escrito)');
  });

  it('does not repeat a type the name already ends with (issue 21: "DNI (foto) (foto)")', () => {
    expect(requiredDocLabel({ name: 'DNI (foto)', type: 'foto' })).toBe('DNI (foto)');
    expect(requiredDocLabel({ name: 'DNI (Foto) ', type: 'foto' })).toBe('DNI (Foto)');
  });

  it('keeps a different word in brackets and adds the type', () => {
    expect(requiredDocLabel({ name: 'Carné (foto)', type: 'escrito' })).toBe('Carné (foto) (escrito)');
  });
});
