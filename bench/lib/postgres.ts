import pg from 'pg';

/** True for a postgres:// or postgresql:// URL (the benches' second engine). */
export const isPostgres = (url: string | undefined): url is string => Boolean(url && /^postgres(ql)?:\/\//.test(url));

/** A fresh database on the PostgreSQL server `url` names; dropped at the end. */
export async function freshPostgresDatabase(url: string, prefix = 'jornada_bench'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
