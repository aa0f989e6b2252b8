import { DUPLICATE_SIZE_TITLE, INVALID_QUANTITY_TITLE, toastProblem } from './material-toasts';

interface LineErrors {
  size?: { message?: string; type?: string };
  quantity?: { message?: string };
}

/**
 * The spec raises its stock problems as toasts ('Cantidad inválida', 'Talla duplicada'); the forms
 * also show each message by its field. Call from handleSubmit's invalid branch with the lines' errors.
 */
export function toastStockProblem(lines: readonly (LineErrors | undefined)[]) {
  const quantity = lines.find((line) => line?.quantity?.message)?.quantity?.message;
  if (quantity) {
    toastProblem(INVALID_QUANTITY_TITLE, quantity);
    return;
  }
  // The duplicate check is the schemas' one custom rule on a size; an empty size is the enum's.
  const duplicate = lines.find((line) => line?.size?.type === 'custom')?.size?.message;
  if (duplicate) toastProblem(DUPLICATE_SIZE_TITLE, duplicate);
}
