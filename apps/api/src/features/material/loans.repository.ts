import { sql, type Kysely, type Updateable } from 'kysely';
import type { LoanStatus, MaterialSize } from '@jornada/shared/material';
import type { LoanItem, MaterialLoan } from '@jornada/shared/schemas/material';
import type { DB, MaterialLoansTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { anyContains } from '../../lib/list-filters';
import { roleIdsWithBase } from '../../db/tenant-lookups';

function scopedLoans(db: Kysely<DB>, scope: CompanyScope) {
  return db
    .selectFrom('material_loans')
    .innerJoin('companies', 'companies.id', 'material_loans.company_id')
    .select([
      'material_loans.id',
      'material_loans.company_id',
      'companies.name as company_name',
      'material_loans.employee_id',
      'material_loans.employee_name',
      'material_loans.supervisor_id',
      'material_loans.supervisor_name',
      'material_loans.status',
      'material_loans.loan_date',
      'material_loans.confirmation_date',
      'material_loans.denial_date',
      'material_loans.return_request_date',
      'material_loans.return_date',
      // Lists say whether a receipt was signed; the image itself has its own request.
      sql<number>`case when material_loans.signature_file_id is null then 0 else 1 end`.as('signed'),
    ])
    .$if(scope.kind === 'company', (q) => q.where('material_loans.company_id', '=', scope.kind === 'company' ? scope.companyId : ''));
}

type LoanRow = Awaited<ReturnType<ReturnType<typeof scopedLoans>['executeTakeFirstOrThrow']>>;

/** The loans with their lines: one more query for the whole list. */
async function withItems(db: Kysely<DB>, rows: LoanRow[]): Promise<MaterialLoan[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('material_loan_items')
    .select(['loan_id', 'material_id', 'material_name', 'size', 'quantity'])
    .where('loan_id', 'in', rows.map((row) => row.id))
    .orderBy('loan_id')
    .orderBy('position')
    .execute();
  const byLoan = new Map<string, LoanItem[]>();
  for (const line of lines) {
    const list = byLoan.get(line.loan_id) ?? [];
    list.push({ materialId: line.material_id, materialName: line.material_name, size: line.size as MaterialSize, quantity: Number(line.quantity) });
    byLoan.set(line.loan_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    employeeId: row.employee_id,
    employeeName: row.employee_name,
    supervisorId: row.supervisor_id,
    supervisorName: row.supervisor_name,
    companyId: row.company_id,
    companyName: row.company_name,
    lentItems: byLoan.get(row.id) ?? [],
    status: row.status,
    loanDate: row.loan_date,
    confirmationDate: row.confirmation_date,
    denialDate: row.denial_date,
    returnRequestDate: row.return_request_date,
    returnDate: row.return_date,
    signed: Number(row.signed) === 1,
  }));
}

export interface NewLoan {
  id: string;
  companyId: string;
  employee: { id: string; name: string };
  supervisor: { id: string; name: string };
  loanDate: string;
  items: readonly { materialId: string; materialName: string; size: string; quantity: number }[];
}

/** Call inside the transaction that took the stock. */
export async function insertLoan(db: Kysely<DB>, loan: NewLoan): Promise<void> {
  await db
    .insertInto('material_loans')
    .values({
      id: loan.id,
      company_id: loan.companyId,
      employee_id: loan.employee.id,
      employee_name: loan.employee.name,
      supervisor_id: loan.supervisor.id,
      supervisor_name: loan.supervisor.name,
      status: 'Pendiente de confirmación',
      loan_date: loan.loanDate,
      confirmation_date: null,
      denial_date: null,
      return_request_date: null,
      return_date: null,
      signature_file_id: null,
    })
    .execute();
  await db
    .insertInto('material_loan_items')
    .values(
      loan.items.map((item, position) => ({
        loan_id: loan.id,
        position,
        material_id: item.materialId,
        material_name: item.materialName,
        size: item.size,
        quantity: item.quantity,
      })),
    )
    .execute();
}

export async function findLoan(db: Kysely<DB>, scope: CompanyScope, id: string, options: { employeeId?: string } = {}): Promise<MaterialLoan | undefined> {
  const row = await scopedLoans(db, scope)
    .where('material_loans.id', '=', id)
    .$if(options.employeeId !== undefined, (q) => q.where('material_loans.employee_id', '=', options.employeeId!))
    .executeTakeFirst();
  return row && (await withItems(db, [row]))[0];
}

export interface LoanListQuery {
  statuses: readonly LoanStatus[];
  companyId?: string;
  /** A manager's filters (issue 21), inside the scope: the borrower, lent in [lentFrom, lentBefore), a name. */
  employeeId?: string;
  lentFrom?: string;
  lentBefore?: string;
  text?: string;
  /** loan_date and id of the last loan of the previous page. */
  after?: readonly [string, string];
  /** Reads one row more, so the caller knows whether another page follows. */
  limit: number;
}

/** Lent material, newest first, one keyset page on the (company, loan_date, id) index. */
export async function listLoans(db: Kysely<DB>, scope: CompanyScope, query: LoanListQuery): Promise<MaterialLoan[]> {
  const { after, companyId } = query;
  const rows = await scopedLoans(db, scope)
    .where('material_loans.status', 'in', [...query.statuses])
    .$if(companyId !== undefined, (q) => q.where('material_loans.company_id', '=', companyId!))
    .$if(query.employeeId !== undefined, (q) => q.where('material_loans.employee_id', '=', query.employeeId!))
    .$if(query.lentFrom !== undefined, (q) => q.where('material_loans.loan_date', '>=', query.lentFrom!))
    .$if(query.lentBefore !== undefined, (q) => q.where('material_loans.loan_date', '<', query.lentBefore!))
    .$if(query.text !== undefined, (q) =>
      q.where((eb) => anyContains(eb, [eb.ref('material_loans.employee_name'), eb.ref('material_loans.supervisor_name')], query.text!)),
    )
    .$if(after !== undefined, (q) =>
      q.where((eb) => eb(eb.refTuple('material_loans.loan_date', 'material_loans.id'), '<', eb.tuple(after![0], after![1]))),
    )
    .orderBy('material_loans.loan_date', 'desc')
    .orderBy('material_loans.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return withItems(db, rows);
}

/** An employee's own loans in the given states, newest first, at most `limit` + 1. */
export async function listEmployeeLoans(db: Kysely<DB>, employeeId: string, statuses: readonly LoanStatus[], limit: number): Promise<MaterialLoan[]> {
  const rows = await scopedLoans(db, { kind: 'all' })
    .where('material_loans.employee_id', '=', employeeId)
    .where('material_loans.status', 'in', [...statuses])
    .orderBy('material_loans.loan_date', 'desc')
    .orderBy('material_loans.id', 'desc')
    .limit(limit + 1)
    .execute();
  return withItems(db, rows);
}

export interface LoanTransition {
  id: string;
  from: LoanStatus;
  to: LoanStatus;
  /** Only the employee's own loan (confirm, deny, return). */
  employeeId?: string;
  /** Only a loan of this scope (the supervisor's return request). */
  scope?: CompanyScope;
  set?: Omit<Updateable<MaterialLoansTable>, 'status' | 'id' | 'company_id' | 'employee_id'>;
}

/**
 * Moves a loan from one state to the next only if it is still in the first: of two racing requests
 * (two taps, two devices) exactly one changes the row, the other sees false and changes nothing.
 */
export async function transitionLoan(db: Kysely<DB>, change: LoanTransition): Promise<boolean> {
  const { scope } = change;
  const result = await db
    .updateTable('material_loans')
    .set({ ...change.set, status: change.to })
    .where('id', '=', change.id)
    .where('status', '=', change.from)
    .$if(change.employeeId !== undefined, (q) => q.where('employee_id', '=', change.employeeId!))
    .$if(scope?.kind === 'company', (q) => q.where('company_id', '=', scope?.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findLoanLines(db: Kysely<DB>, loanId: string): Promise<LoanItem[]> {
  const lines = await db
    .selectFrom('material_loan_items')
    .select(['material_id', 'material_name', 'size', 'quantity'])
    .where('loan_id', '=', loanId)
    .orderBy('position')
    .execute();
  return lines.map((line) => ({ materialId: line.material_id, materialName: line.material_name, size: line.size as MaterialSize, quantity: Number(line.quantity) }));
}

/** The loan's owner and its receipt signature's bytes (null when unsigned), inside the scope. */
export async function findLoanSignature(db: Kysely<DB>, scope: CompanyScope, id: string) {
  return db
    .selectFrom('material_loans')
    .leftJoin('files', 'files.id', 'material_loans.signature_file_id')
    .select(['material_loans.company_id', 'material_loans.employee_id', 'files.bytes'])
    .where('material_loans.id', '=', id)
    .$if(scope.kind === 'company', (q) => q.where('material_loans.company_id', '=', scope.kind === 'company' ? scope.companyId : ''))
    .executeTakeFirst();
}

const lendableUsers = (db: Kysely<DB>, companyId: string) =>
  db
    .selectFrom('users')
    .select(['users.id', 'users.name'])
    .where('users.company_id', '=', companyId)
    .where('users.role_id', 'in', roleIdsWithBase(db, ['Empleado']))
    .where('users.is_disabled', '=', 0)
    .where('users.is_deleted', '=', 0);

/** Spec section 6: lending lists only the company's Empleado users (with access), by name. */
export async function listLendableEmployees(db: Kysely<DB>, companyId: string, limit: number) {
  return lendableUsers(db, companyId).orderBy('users.name').orderBy('users.id').limit(limit).execute();
}

export async function findLendableEmployee(db: Kysely<DB>, companyId: string, userId: string) {
  return lendableUsers(db, companyId).where('users.id', '=', userId).executeTakeFirst();
}

/** The company of a user, for an administrator's loan (the loan belongs to the employee's company). */
export async function findUserCompany(db: Kysely<DB>, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
  return row?.company_id;
}
