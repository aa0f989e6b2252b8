import { sql, type Kysely } from 'kysely';

// Migrations are never edited once landed: add a new file instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Issue 27 item 4, decision 052: who was put on or taken off each event, when, by whom and through
  // which action. Written by the one assignment write path (features/events) in the same transaction
  // as the change. The people's ids have no foreign key: the history outlives a deleted user.
  await db.schema
    .createTable('event_assignment_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('change', 'text', (c) => c.notNull().check(sqlIn('change', ['assigned', 'removed'])))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_assignment_history_event').on('event_assignment_history').columns(['event_id', 'at']).execute();

  // An offer ('offer': to_user_id is whoever takes it) or a swap with one colleague ('swap': their
  // event to_event_id for the proposer's from_event_id). 'open' → 'taken' → 'approved' | 'rejected';
  // 'cancelled' by the proposer before a decision. Approval is a guarded update on 'taken', so it applies once.
  await db.schema
    .createTable('shift_swaps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sqlIn('kind', ['offer', 'swap'])))
    .addColumn('state', 'text', (c) => c.notNull().check(sqlIn('state', ['open', 'taken', 'approved', 'rejected', 'cancelled'])))
    .addColumn('from_user_id', 'text', (c) => c.notNull())
    .addColumn('from_event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('to_user_id', 'text')
    .addColumn('to_event_id', 'text', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_by_name', 'text')
    .execute();
  await db.schema.createIndex('shift_swaps_company_state').on('shift_swaps').columns(['company_id', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shift_swaps').ifExists().execute();
  await db.schema.dropTable('event_assignment_history').ifExists().execute();
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}
