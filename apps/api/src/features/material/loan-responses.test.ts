import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_BYTES } from '@jornada/shared/material';
import type { Material, MaterialLoan } from '@jornada/shared/schemas/material';
import { createMaterialWorld, PNG_SIGNATURE, type MaterialWorld } from './material.test-world';

let world: MaterialWorld;
let polo: Material;

beforeAll(async () => {
  world = await createMaterialWorld();
  polo = await world.createMaterial('Polo', [{ size: 'M', quantity: 100 }]);
});
afterAll(() => world.ctx.close());

const url = (loan: MaterialLoan, action: string) => `/api/material-loans/${loan.id}/${action}`;
const lendPolo = (quantity = 2, employeeId = world.employee.id) => world.lend(employeeId, [{ materialId: polo.id, size: 'M', quantity }]);
const ids = (response: { json: () => { items: MaterialLoan[] } }) => response.json().items.map((loan) => loan.id);

describe('who answers for a loan', () => {
  it('answers 401 anonymous and 403 to a Supervisor or an Administrador on every employee route', async () => {
    const loan = await lendPolo();
    for (const cookie of [undefined, world.supervisor.cookie, world.admin.cookie]) {
      const responses = [
        await world.get('/api/material-loans/mine', cookie),
        await world.post(url(loan, 'confirm'), cookie, { signature: PNG_SIGNATURE }),
        await world.post(url(loan, 'deny'), cookie, {}),
        await world.post(url(loan, 'return'), cookie, {}),
      ];
      for (const response of responses) expect(response.statusCode).toBe(cookie ? 403 : 401);
    }
    expect(await world.loanStatus(loan.id)).toBe('Pendiente de confirmación');
  });

  it("lets nobody confirm, deny or return another employee's loan (404), and changes nothing", async () => {
    const loan = await lendPolo();
    for (const cookie of [world.colleague.cookie, world.outsider.cookie]) {
      for (const response of [
        await world.post(url(loan, 'confirm'), cookie, { signature: PNG_SIGNATURE }),
        await world.post(url(loan, 'deny'), cookie, {}),
        await world.post(url(loan, 'return'), cookie, {}),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'No se ha encontrado el préstamo.' });
      }
    }
    expect(await world.loanStatus(loan.id)).toBe('Pendiente de confirmación');
  });
});

describe('GET /api/material-loans/mine', () => {
  it('lists what waits for the employee (pending) and what they hold (held), only their own', async () => {
    const { get, post, employee, colleague } = world;
    const waiting = await lendPolo(1);
    const held = await lendPolo(1);
    await post(url(held, 'confirm'), employee.cookie, { signature: PNG_SIGNATURE });
    const theirs = await lendPolo(1, colleague.id);

    const pending = await get('/api/material-loans/mine?view=pending', employee.cookie);
    expect(pending.statusCode).toBe(200);
    expect(ids(pending)).toContain(waiting.id);
    expect(ids(pending)).not.toContain(held.id);
    expect(ids(pending)).not.toContain(theirs.id);
    expect(ids(await get('/api/material-loans/mine', employee.cookie))).toEqual(ids(pending));
    const holding = await get('/api/material-loans/mine?view=held', employee.cookie);
    expect(ids(holding)).toContain(held.id);
    expect(ids(holding)).not.toContain(waiting.id);
    expect(holding.json().items.find((loan: MaterialLoan) => loan.id === held.id)).toMatchObject({ status: 'Confirmado', signed: true });
  });
});

describe('POST /api/material-loans/:id/confirm', () => {
  it.each([
    [{}, 400, 'Debes proporcionar tu firma para confirmar la recepción.'],
    [{ signature: '' }, 400, 'Debes proporcionar tu firma para confirmar la recepción.'],
    [{ signature: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }, 400, 'La firma no es una imagen PNG válida.'],
    [{ signature: `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/> not a png at all').toString('base64')}` }, 400, 'La firma no es una imagen PNG válida.'],
    [{ signature: 'data:image/png;base64,iVBORw0KGgo=!!' }, 400, 'La firma no es una imagen PNG válida.'],
  ])("refuses %j ('Firma requerida') and the loan stays pending", async (payload, status, message) => {
    const loan = await lendPolo();
    const response = await world.post(url(loan, 'confirm'), world.employee.cookie, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await world.loanStatus(loan.id)).toBe('Pendiente de confirmación');
  });

  it('accepts a PNG of 200 KB and refuses one byte more (413), or far more (400), with the same message', async () => {
    const png = Buffer.from(PNG_SIGNATURE.split(',')[1]!, 'base64');
    // Padded with a private ancillary chunk before IEND, so the image stays a whole PNG of that size.
    const padding = (length: number) => Buffer.concat([Buffer.from([length >>> 24, (length >>> 16) & 255, (length >>> 8) & 255, length & 255]), Buffer.from('zzPd'), Buffer.alloc(length + 4)]);
    const ofSize = (bytes: number) => `data:image/png;base64,${Buffer.concat([png.subarray(0, -12), padding(bytes - png.length - 12), png.subarray(-12)]).toString('base64')}`;
    const message = 'La firma supera el tamaño máximo de 200 KB.';
    const over = await world.post(url(await lendPolo(), 'confirm'), world.employee.cookie, { signature: ofSize(MAX_SIGNATURE_BYTES + 1) });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message });
    const farOver = await world.post(url(await lendPolo(), 'confirm'), world.employee.cookie, { signature: ofSize(MAX_SIGNATURE_BYTES + 3000) });
    expect(farOver.statusCode).toBe(400);
    expect(farOver.json().error.message).toBe(message);
    const atLimit = await world.post(url(await lendPolo(), 'confirm'), world.employee.cookie, { signature: ofSize(MAX_SIGNATURE_BYTES) });
    expect(atLimit.statusCode).toBe(200);
  });

  it("confirms with the signature: 'Confirmado', its date, the image for the employee and the company's managers", async () => {
    const { ctx, post, get, employee, supervisor, admin, otherSupervisor, colleague } = world;
    const loan = await lendPolo(3);
    ctx.clock.advance(5 * 60_000);
    const response = await post(url(loan, 'confirm'), employee.cookie, { signature: PNG_SIGNATURE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: loan.id, status: 'Confirmado', confirmationDate: ctx.clock().toISOString(), signed: true });
    expect(await world.logMessages(world.company.id)).toContain('Juan Pérez ha confirmado la recepción de 3 × Polo (M)');

    for (const cookie of [employee.cookie, supervisor.cookie, admin.cookie]) {
      const image = await get(url(loan, 'signature'), cookie);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(Buffer.from(PNG_SIGNATURE.split(',')[1]!, 'base64'))).toBe(true);
    }
    for (const cookie of [otherSupervisor.cookie, colleague.cookie]) expect((await get(url(loan, 'signature'), cookie)).statusCode).toBe(404);
    expect((await get(url(loan, 'signature'), undefined)).statusCode).toBe(401);
    expect((await get(url(await lendPolo(1), 'signature'), supervisor.cookie)).statusCode).toBe(404);
  });

  it('confirms once: a second confirmation, or a denial after it, is refused and changes nothing', async () => {
    const loan = await lendPolo(4);
    await world.post(url(loan, 'confirm'), world.employee.cookie, { signature: PNG_SIGNATURE });
    const stock = await world.stock(polo.id, 'M');
    const again = await world.post(url(loan, 'confirm'), world.employee.cookie, { signature: PNG_SIGNATURE });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'LOAN_STATUS_CONFLICT', message: 'Este préstamo ya no está pendiente de confirmación.' });
    const deny = await world.post(url(loan, 'deny'), world.employee.cookie, {});
    expect(deny.statusCode).toBe(409);
    expect(deny.json().error.message).toBe('Este préstamo ya no está pendiente de confirmación.');
    expect(await world.loanStatus(loan.id)).toBe('Confirmado');
    expect(await world.stock(polo.id, 'M')).toBe(stock);
  });
});

describe('POST /api/material-loans/:id/deny', () => {
  it("'Has denegado la recepción del material.': 'Denegado', the stock back, logged, once", async () => {
    const before = (await world.stock(polo.id, 'M'))!;
    const loan = await lendPolo(5);
    expect(await world.stock(polo.id, 'M')).toBe(before - 5);
    const response = await world.post(url(loan, 'deny'), world.employee.cookie, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Denegado', denialDate: world.ctx.clock().toISOString(), signed: false });
    expect(await world.stock(polo.id, 'M')).toBe(before);
    expect(await world.logMessages(world.company.id)).toContain('Juan Pérez ha denegado la recepción de 5 × Polo (M)');
    // A denied loan cannot be confirmed or denied again; the stock comes back only once.
    expect((await world.post(url(loan, 'deny'), world.employee.cookie, {})).statusCode).toBe(409);
    expect((await world.post(url(loan, 'confirm'), world.employee.cookie, { signature: PNG_SIGNATURE })).statusCode).toBe(409);
    expect(await world.stock(polo.id, 'M')).toBe(before);
  });

  it('restores the stock once when two denials race', async () => {
    const before = (await world.stock(polo.id, 'M'))!;
    const loan = await lendPolo(3);
    const answers = await Promise.all([1, 2, 3].map(() => world.post(url(loan, 'deny'), world.employee.cookie, {})));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await world.stock(polo.id, 'M')).toBe(before);
  });
});

describe('POST /api/material-loans/:id/return', () => {
  it("'Devuelto': the stock back, the return date set, and the loan leaves every list", async () => {
    const { ctx, post, get, employee, supervisor } = world;
    const before = (await world.stock(polo.id, 'M'))!;
    const loan = await lendPolo(6);
    await post(url(loan, 'confirm'), employee.cookie, { signature: PNG_SIGNATURE });
    const early = await post(url(loan, 'return'), employee.cookie, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'LOAN_STATUS_CONFLICT', message: 'Este préstamo no tiene una devolución pendiente.' });

    await post(url(loan, 'return-request'), supervisor.cookie, {});
    expect(ids(await get('/api/material-loans/mine?view=pending', employee.cookie))).toContain(loan.id);
    expect(ids(await get('/api/material-loans?filter=pending', supervisor.cookie))).toContain(loan.id);
    ctx.clock.advance(2 * 3_600_000);
    const response = await post(url(loan, 'return'), employee.cookie, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'Devuelto', returnDate: ctx.clock().toISOString() });
    expect(await world.stock(polo.id, 'M')).toBe(before);
    expect(await world.logMessages(world.company.id)).toContain('Juan Pérez ha devuelto 6 × Polo (M)');

    for (const list of [
      await get('/api/material-loans/mine?view=pending', employee.cookie),
      await get('/api/material-loans/mine?view=held', employee.cookie),
      await get('/api/material-loans?filter=all', supervisor.cookie),
      await get('/api/material-loans?filter=pending', supervisor.cookie),
    ]) {
      expect(ids(list)).not.toContain(loan.id);
    }
    expect((await post(url(loan, 'return'), employee.cookie, {})).statusCode).toBe(409);
    expect(await world.stock(polo.id, 'M')).toBe(before);
  });

  it('puts back nothing for a material deleted meanwhile, and still closes the loan', async () => {
    const casco = await world.createMaterial('Casco', [{ size: 'L', quantity: 2 }]);
    const loan = await world.lend(world.employee.id, [{ materialId: casco.id, size: 'L', quantity: 1 }]);
    await world.del(`/api/material/${casco.id}`, world.supervisor.cookie);
    const response = await world.post(url(loan, 'deny'), world.employee.cookie, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().lentItems).toEqual([{ materialId: casco.id, materialName: 'Casco', size: 'L', quantity: 1 }]);
    expect(await world.stock(casco.id, 'L')).toBeUndefined();
  });
});
