import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { createStatementNamer } from './postgres-named-statements';

const postgresUrl = process.env.TEST_DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL) ? process.env.TEST_DATABASE_URL : undefined;

describe('statements prepared by name on PostgreSQL', () => {
  it('names a text from its second use, and keeps its name', () => {
    const namer = createStatementNamer();
    expect(namer.nameOf('select 1 where a = $1', 1)).toBeUndefined();
    const name = namer.nameOf('select 1 where a = $1', 1);
    expect(name).toMatch(/^jornada_\d+$/);
    expect(namer.nameOf('select 1 where a = $1', 1)).toBe(name);
    expect(namer.nameOf('select 2 where a = $1', 1)).toBeUndefined();
    expect(namer.nameOf('select 2 where a = $1', 1)).not.toBe(name);
  });

  it('leaves bare texts and long value lists unnamed', () => {
    const namer = createStatementNamer({ maxParameters: 3 });
    for (let i = 0; i < 3; i += 1) {
      expect(namer.nameOf('begin', 0)).toBeUndefined();
      expect(namer.nameOf('select * from t where id in ($1, $2, $3, $4)', 4)).toBeUndefined();
    }
    expect(namer.size()).toBe(0);
  });

  it('stops naming at its bound: every connection keeps a plan per name', () => {
    const namer = createStatementNamer({ maxNames: 2 });
    for (const text of ['a $1', 'b $1', 'c $1']) {
      namer.nameOf(text, 1);
      namer.nameOf(text, 1);
    }
    expect(namer.size()).toBe(2);
    expect(namer.nameOf('c $1', 1)).toBeUndefined();
    expect(namer.nameOf('a $1', 1)).toBe('jornada_1');
  });
});

describe('after a schema change', () => {
  it('forgets every name, so texts are prepared again under new ones', () => {
    const namer = createStatementNamer();
    namer.nameOf('select * from t where id = $1', 1);
    const before = namer.nameOf('select * from t where id = $1', 1);
    namer.reset();
    expect(namer.nameOf('select * from t where id = $1', 1)).toBeUndefined();
    const after = namer.nameOf('select * from t where id = $1', 1);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});

describe.runIf(postgresUrl)('on a PostgreSQL connection', () => {
  it('answers a table whose columns a migration changed, prepared before the change', async () => {
    const database = openDatabase(postgresUrl, { poolSize: 1 });
    const table = sql.table(`named_statements_${process.pid}`);
    try {
      await sql`create table ${table} (id int primary key, a text, b text)`.execute(database.db);
      await sql`insert into ${table} values (1, 'a', 'b')`.execute(database.db);
      for (let i = 0; i < 3; i += 1) await sql`select * from ${table} where id = ${1}`.execute(database.db);
      await sql`alter table ${table} drop column b`.execute(database.db);
      const rows = (await sql<Record<string, unknown>>`select * from ${table} where id = ${1}`.execute(database.db)).rows;
      expect(rows).toEqual([{ id: 1, a: 'a' }]);
    } finally {
      await sql`drop table if exists ${table}`.execute(database.db);
      await database.destroy();
    }
  });

  it('prepares again after PostgreSQL refuses a plan another connection changed the table under', async () => {
    const database = openDatabase(postgresUrl, { poolSize: 1 });
    const other = openDatabase(postgresUrl, { poolSize: 1, namedStatements: false });
    const table = sql.table(`named_statements_other_${process.pid}`);
    try {
      await sql`create table ${table} (id int primary key, a text, b text)`.execute(database.db);
      await sql`insert into ${table} values (1, 'a', 'b')`.execute(database.db);
      for (let i = 0; i < 3; i += 1) await sql`select * from ${table} where id = ${1}`.execute(database.db);
      await sql`alter table ${table} drop column b`.execute(other.db);
      // Once refused (another server's migration is not heard here), then prepared anew.
      await expect(sql`select * from ${table} where id = ${1}`.execute(database.db)).rejects.toThrow(/cached plan/);
      const rows = (await sql<Record<string, unknown>>`select * from ${table} where id = ${1}`.execute(database.db)).rows;
      expect(rows).toEqual([{ id: 1, a: 'a' }]);
    } finally {
      await sql`drop table if exists ${table}`.execute(other.db);
      await other.destroy();
      await database.destroy();
    }
  });

  it('prepares a repeated query by name and answers it as before', async () => {
    const database = openDatabase(postgresUrl, { poolSize: 1 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push((await sql<{ n: number }>`select ${i}::int + 1 as n`.execute(database.db)).rows[0]!.n);
      expect(answers).toEqual([1, 2, 3, 4]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
      expect(prepared.rows.map((row) => row.statement)).toContain('select $1::int + 1 as n');
    } finally {
      await database.destroy();
    }
  });

  it('prepares nothing when told not to (a pooler that cannot keep them)', async () => {
    const database = openDatabase(postgresUrl, { poolSize: 1, namedStatements: false });
    try {
      for (let i = 0; i < 4; i += 1) await sql`select ${i}::int + 1 as n`.execute(database.db);
      const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(database.db);
      expect(prepared.rows[0]!.n).toBe(0);
    } finally {
      await database.destroy();
    }
  });
});
