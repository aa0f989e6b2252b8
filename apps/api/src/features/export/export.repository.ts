import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { groupBy } from '../../lib/group-by';

export interface MonthWindow {
  companyId: string;
  month: string;
  /** ISO UTC bounds of the month in the company time zone, [from, to). */
  from: string;
  to: string;
}

/** Each read is one indexed query bounded by company and month; children load in one query per kind. */
export async function readEmployees(db: Kysely<DB>, companyId: string) {
  const [users, categories] = await Promise.all([
    db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.id', 'users.name', 'users.username', 'users.email', 'roles.name as role', 'users.is_disabled'])
      .where('users.company_id', '=', companyId)
      .where('users.is_deleted', '=', 0)
      .orderBy('users.name')
      .execute(),
    db
      .selectFrom('user_categories')
      .innerJoin('users', 'users.id', 'user_categories.user_id')
      .innerJoin('categories', 'categories.id', 'user_categories.category_id')
      .select(['user_categories.user_id', 'categories.id', 'categories.name'])
      .where('users.company_id', '=', companyId)
      .execute(),
  ]);
  const categoriesOf = groupBy(categories, (row) => row.user_id, (row) => ({ id: row.id, name: row.name }));
  return users.map((user) => ({
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    isDisabled: Number(user.is_disabled) === 1,
    categories: categoriesOf.get(user.id) ?? [],
  }));
}

/** Events of one page of the month's events; their assignments are read a page at a time. */
export const EVENT_PAGE = 8;

/**
 * The month's events in start order, a few at a time with their assignments: a 500-person company's
 * month is ~15,000 assignments, whose read and serialization in one piece held the event loop for
 * tens of milliseconds.
 */
export async function* readEventPages(db: Kysely<DB>, window: MonthWindow, pageSize = EVENT_PAGE) {
  const events = await db
    .selectFrom('events')
    .select(['id', 'name', 'location', 'start_time', 'end_time', 'type', 'repeat_days'])
    .where('company_id', '=', window.companyId)
    .where('start_time', '>=', window.from)
    .where('start_time', '<', window.to)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  for (let index = 0; index < events.length; index += pageSize) {
    const page = events.slice(index, index + pageSize);
    const assignments = await db
      .selectFrom('event_assignments')
      .select(['event_id', 'user_id'])
      .where('event_id', 'in', page.map((event) => event.id))
      .where('state', '!=', 'declined')
      // Stated: without it the order is the plan's, which the state filter changed on PostgreSQL.
      .orderBy('event_id')
      .orderBy('user_id')
      .execute();
    const staffOf = groupBy(assignments, (row) => row.event_id, (row) => row.user_id);
    yield page.map((event) => ({
      id: event.id,
      name: event.name,
      location: event.location,
      date: event.start_time,
      endDate: event.end_time,
      type: event.type,
      repeatDays: event.repeat_days ? event.repeat_days.split(',').map(Number) : [],
      assignedEmployees: staffOf.get(event.id) ?? [],
    }));
  }
}

/**
 * Rows of one page of the month's time records; the export reads them a page at a time. Small
 * enough that reading and serializing a page (~100 KB) takes a few milliseconds, so a clock-in
 * arriving meanwhile waits that long at most, and each piece stays out of V8's large-object space.
 */
export const TIME_RECORD_PAGE = 250;

const parseLocation = (text: string | null) => (text ? (JSON.parse(text) as unknown) : null);

/**
 * The month's time records in start order, one keyset page (start_time, id) at a time on the
 * company index: a month of a 500-person company is ~15,000 rows, and reading them in one query
 * (then serializing them in one go) held the event loop long enough to stall clock-ins.
 */
export async function* readTimeRecordPages(db: Kysely<DB>, window: MonthWindow, pageSize = TIME_RECORD_PAGE) {
  let after: { startTime: string; id: string } | undefined;
  for (;;) {
    const key = after;
    const rows = await db
      .selectFrom('time_records')
      .select(['id', 'user_id', 'event_id', 'start_time', 'end_time', 'duration', 'status', 'start_location', 'end_location'])
      .where('company_id', '=', window.companyId)
      .where('start_time', '<', window.to)
      .$if(key === undefined, (query) => query.where('start_time', '>=', window.from))
      .$if(key !== undefined, (query) =>
        query.where((eb) => eb(eb.refTuple('start_time', 'id'), '>', eb.tuple(key!.startTime, key!.id))),
      )
      .orderBy('start_time')
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      eventId: row.event_id,
      startTime: row.start_time,
      endTime: row.end_time,
      duration: row.duration === null ? null : Number(row.duration),
      status: row.status,
      startLocation: parseLocation(row.start_location),
      endLocation: parseLocation(row.end_location),
    }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { startTime: last.start_time, id: last.id };
  }
}

export async function readWorkReports(db: Kysely<DB>, window: MonthWindow) {
  const reports = await db
    .selectFrom('work_reports')
    .select(['id', 'user_id', 'event_id', 'observations', 'created_at'])
    .where('company_id', '=', window.companyId)
    .where('created_at', '>=', window.from)
    .where('created_at', '<', window.to)
    .orderBy('created_at')
    .execute();
  if (reports.length === 0) return [];
  const attachments = await db
    .selectFrom('work_report_attachments')
    .innerJoin('files', 'files.id', 'work_report_attachments.file_id')
    .select(['work_report_attachments.report_id', 'files.name', 'files.size', 'files.content_type'])
    .where('work_report_attachments.report_id', 'in', reports.map((report) => report.id))
    .orderBy('work_report_attachments.position')
    .execute();
  const attachmentsOf = groupBy(attachments, (row) => row.report_id, (row) => ({ name: row.name, size: Number(row.size), type: row.content_type }));
  return reports.map((report) => ({
    id: report.id,
    userId: report.user_id,
    eventId: report.event_id,
    observations: report.observations,
    createdAt: report.created_at,
    date: report.created_at,
    signed: true,
    attachments: attachmentsOf.get(report.id) ?? [],
  }));
}

export async function readMaterialLoans(db: Kysely<DB>, window: MonthWindow) {
  const loans = await db
    .selectFrom('material_loans')
    .select(['id', 'employee_id', 'employee_name', 'supervisor_id', 'status', 'loan_date', 'confirmation_date', 'return_request_date', 'return_date'])
    .where('company_id', '=', window.companyId)
    .where('loan_date', '>=', window.from)
    .where('loan_date', '<', window.to)
    .orderBy('loan_date')
    .execute();
  if (loans.length === 0) return [];
  const items = await db
    .selectFrom('material_loan_items')
    .select(['loan_id', 'material_id', 'material_name', 'size', 'quantity'])
    .where('loan_id', 'in', loans.map((loan) => loan.id))
    .orderBy('position')
    .execute();
  const itemsOf = groupBy(items, (item) => item.loan_id, (item) => ({ materialId: item.material_id, materialName: item.material_name, size: item.size, quantity: Number(item.quantity) }));
  return loans.map((loan) => ({
    id: loan.id,
    employeeId: loan.employee_id,
    employeeName: loan.employee_name,
    supervisorId: loan.supervisor_id,
    status: loan.status,
    loanDate: loan.loan_date,
    confirmationDate: loan.confirmation_date,
    returnRequestDate: loan.return_request_date,
    returnDate: loan.return_date,
    lentItems: itemsOf.get(loan.id) ?? [],
  }));
}

export async function readPayments(db: Kysely<DB>, window: MonthWindow) {
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'user_id', 'month', 'status', 'paid_at', 'minutes', 'price_cents', 'amount_cents'])
    .where('company_id', '=', window.companyId)
    .where('month', '=', window.month)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    month: row.month,
    status: row.status,
    companyId: window.companyId,
    paidAt: row.paid_at,
    minutes: Number(row.minutes),
    price: row.price_cents === null ? null : Number(row.price_cents) / 100,
    amount: row.amount_cents === null ? null : Number(row.amount_cents) / 100,
  }));
}
