import type { TestContext } from './test-app';

/** The newest action-log entry of a kind (tests run on a fixed clock, so the kind tells entries apart). */
export function lastAction(ctx: TestContext, kind: string) {
  return ctx.db.selectFrom('action_log').selectAll().where('kind', '=', kind).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
}
