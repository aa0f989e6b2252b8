import Database from 'better-sqlite3';

/**
 * The e2e server's SQLite file (playwright.config.ts: E2E_DB), for the few settings no screen sets
 * yet. WAL mode lets this second connection write while the server runs; the busy timeout waits
 * for the server's own writes.
 */
function withDatabase<T>(use: (db: Database.Database) => T): T {
  const file = process.env.E2E_DB;
  if (!file) throw new Error('E2E_DB is not set (run through e2e/playwright.config.ts)');
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 10000');
    return use(db);
  } finally {
    db.close();
  }
}

/** A company's geofence rule (issue 24): 'flag' accepts a punch outside the zone flagged, 'refuse' refuses it. */
export function setGeofenceMode(companyId: string, mode: 'flag' | 'refuse'): void {
  withDatabase((db) =>
    db
      .prepare(
        `insert into company_settings (company_id, geofence_mode, updated_at) values (?, ?, ?)
         on conflict (company_id) do update set geofence_mode = excluded.geofence_mode, updated_at = excluded.updated_at`,
      )
      .run(companyId, mode, new Date().toISOString()),
  );
}
