import { describe, expect, it } from 'vitest';
import { saveDocumentTextRequestSchema } from './documents';
import { saveSignatureRequestSchema } from './signatures';
import { createWorkReportFieldsSchema } from './work-reports';

const png = 'data:image/png;base64,iVBORw0KGgo=';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('work report fields', () => {
  it('trims observations, defaults them to empty and leaves the signature optional (the saved one)', () => {
    expect(createWorkReportFieldsSchema.parse({ eventId: 'evt-1' })).toEqual({ eventId: 'evt-1', observations: '' });
    expect(createWorkReportFieldsSchema.parse({ eventId: 'evt-1', observations: '  ok  ', signature: png })).toEqual({ eventId: 'evt-1', observations: 'ok', signature: png });
    expect(createWorkReportFieldsSchema.parse({ eventId: 'evt-1', observations: 'uno\r\ndos\rtres\r\n' }).observations).toBe('uno\ndos\ntres');
  });

  it('refuses observations over 5000 characters and a signature that is not a PNG data URL', () => {
    expect(firstMessage(createWorkReportFieldsSchema.safeParse({ eventId: 'e', observations: 'x'.repeat(5001) }))).toBe(
      'Las observaciones admiten como máximo 5000 caracteres.',
    );
    expect(firstMessage(createWorkReportFieldsSchema.safeParse({ eventId: 'e', signature: 'data:image/jpeg;base64,AAAA' }))).toBe('La firma debe ser una imagen PNG.');
  });
});

describe('signature and document text', () => {
  it("gives the spec's messages for an empty signature and an empty text value", () => {
    expect(firstMessage(saveSignatureRequestSchema.safeParse({ signature: '' }))).toBe('Por favor, proporciona una firma primero.');
    expect(firstMessage(saveSignatureRequestSchema.safeParse({}))).toBe('Por favor, proporciona una firma primero.');
    expect(firstMessage(saveDocumentTextRequestSchema.safeParse({ value: '   ' }))).toBe('El campo no puede estar vacío.');
    expect(saveDocumentTextRequestSchema.parse({ value: ' 12345678Z ' })).toEqual({ value: '12345678Z' });
  });
});
