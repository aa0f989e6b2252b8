import type { Kysely } from 'kysely';
import type { LoanStatus } from '@jornada/shared/material';
import type { DB } from '../db/schema';
import { insertFiles } from '../ledgers/files/files.repository';
import { signaturePng } from '../ledgers/files/png';
import { newStoredFile } from '../ledgers/files/stored-files';
import { appendAction } from '../ledgers/action-log/action-log';
import { insertLoan } from '../features/material/loans.repository';
import { insertMaterial } from '../features/material/material.repository';
import { newId } from '../lib/ids';

const DAY = 86_400_000;

/** The stock left today, after the loans below took theirs (the denied and returned ones gave it back). */
const demoMaterials: { name: string; items: [string, number][] }[] = [
  { name: 'Polo de uniforme', items: [['S', 8], ['M', 15], ['L', 12], ['XL', 6]] },
  { name: 'Chaleco reflectante', items: [['Unica', 20]] },
  { name: 'Forro polar', items: [['M', 6], ['L', 8], ['XL', 4]] },
  { name: 'Gorra', items: [['Unica', 25]] },
  { name: 'Pantalón de seguridad', items: [['S', 4], ['M', 10], ['L', 10], ['XL', 0], ['XXL', 2]] },
  { name: 'Linterna', items: [['Unica', 3]] },
];

interface DemoLoan {
  employee: string;
  lines: [string, string, number][];
  status: LoanStatus;
  /** Days ago: lent, and each later step when it happened. */
  lent: number;
  confirmed?: number;
  denied?: number;
  returnRequested?: number;
  returned?: number;
}

/** A loan in every state: Juan has one to confirm (Acciones Pendientes), Carlos a return to confirm. */
const demoLoans: DemoLoan[] = [
  { employee: 'demo.juan', lines: [['Polo de uniforme', 'M', 1], ['Chaleco reflectante', 'Unica', 1]], status: 'Pendiente de confirmación', lent: 1 },
  { employee: 'demo.juan', lines: [['Forro polar', 'L', 1]], status: 'Confirmado', lent: 15, confirmed: 14 },
  { employee: 'demo.juan', lines: [['Pantalón de seguridad', 'M', 1]], status: 'Devuelto', lent: 30, confirmed: 29, returnRequested: 10, returned: 8 },
  { employee: 'demo.lucia', lines: [['Polo de uniforme', 'S', 2], ['Forro polar', 'M', 1]], status: 'Confirmado', lent: 10, confirmed: 9 },
  { employee: 'demo.carlos', lines: [['Linterna', 'Unica', 1]], status: 'Pendiente de devolución', lent: 20, confirmed: 19, returnRequested: 1 },
  { employee: 'demo.carlos', lines: [['Gorra', 'Unica', 1]], status: 'Denegado', lent: 5, denied: 4 },
];

/** Materials with stock and loans in each state for the demo company, in the demo's transaction. */
export async function seedDemoMaterial(db: Kysely<DB>, companyId: string, now: Date): Promise<void> {
  const people = await db.selectFrom('users').select(['id', 'username', 'name']).where('company_id', '=', companyId).execute();
  const person = (username: string) => people.find((candidate) => candidate.username === username);
  const supervisor = person('demo.supervisora');
  if (!supervisor) return;
  const ago = (days: number | undefined) => (days === undefined ? null : new Date(now.getTime() - days * DAY).toISOString());

  const materialIds = new Map<string, string>();
  for (const material of demoMaterials) {
    const id = newId('mat');
    materialIds.set(material.name, id);
    const items = material.items.map(([size, quantity]) => ({ id: newId('matitem'), size, quantity }));
    await insertMaterial(db, { id, companyId, name: material.name, createdAt: ago(60)! }, items);
  }

  for (const [index, loan] of demoLoans.entries()) {
    const employee = person(loan.employee);
    if (!employee) continue;
    const id = newId('loan');
    const items = loan.lines.map(([name, size, quantity]) => ({ materialId: materialIds.get(name)!, materialName: name, size, quantity }));
    await insertLoan(db, { id, companyId, employee, supervisor, loanDate: ago(loan.lent)!, items });
    if (loan.status === 'Pendiente de confirmación') continue;
    // The receipt signature is a file of the employee's (decision 036).
    const signature = loan.confirmed !== undefined ? newStoredFile({ name: 'firma.png', bytes: signaturePng(index + 2) }, { companyId, ownerId: employee.id }, 'signature', new Date(ago(loan.confirmed)!)) : null;
    if (signature) await insertFiles(db, [signature]);
    await db
      .updateTable('material_loans')
      .set({
        status: loan.status,
        confirmation_date: ago(loan.confirmed),
        denial_date: ago(loan.denied),
        return_request_date: ago(loan.returnRequested),
        return_date: ago(loan.returned),
        signature_file_id: signature?.id ?? null,
      })
      .where('id', '=', id)
      .execute();
  }
  await appendAction(db, {
    actorId: null,
    actorName: 'Sistema',
    companyId,
    kind: 'material.create',
    message: `Sistema ha añadido ${demoMaterials.length} materiales y ${demoLoans.length} préstamos (datos de demostración)`,
    at: now,
  });
}
