import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './index.ts';
import { PreparedStatements } from './preparedStatements.ts';

describe('prepared statements', () => {
  it('names a parameterised text once it was sent three times, the same name each time after', () => {
    const p = new PreparedStatements();
    const text = 'select * from orders where reservation_identifier = $1';
    expect(p.nameOf(text)).toBeUndefined();
    expect(p.nameOf(text)).toBeUndefined();
    const name = p.nameOf(text);
    expect(name).toMatch(/^bo_[\w-]{20}$/);
    expect(p.nameOf(text)).toBe(name);
    expect(p.nameOf('select * from orders where reservation_identifier = $1 limit 1')).toBeUndefined();
  });

  it('leaves texts without parameters alone, and makes at most 300 texts hot', () => {
    const p = new PreparedStatements();
    for (let i = 0; i < 5; i++) expect(p.nameOf('begin')).toBeUndefined();
    for (let t = 0; t < 400; t++) for (let i = 0; i < 3; i++) p.nameOf(`select $1::int + ${t}`);
    expect(p.hotCount).toBe(300);
    expect(p.nameOf('select $1::int + 399')).toBeUndefined();
  });

  const url = process.env.DATABASE_URL;
  it.skipIf(!url)('prepares the hot statements on the connection, and answers as before', async () => {
    const open = (preparedStatements: boolean) =>
      openDatabase({
        dataDir: '',
        databaseUrl: url,
        databaseSchema: `t_prepared_${process.pid}`,
        poolSize: 1,
        preparedStatements,
      });
    for (const on of [true, false]) {
      const db = await open(on);
      try {
        const answers: unknown[] = [];
        for (let i = 0; i < 5; i++)
          answers.push((await sql<{ n: number }>`select ${i}::int * 2 as n`.execute(db.kysely)).rows[0]!.n);
        expect(answers).toEqual([0, 2, 4, 6, 8]);
        const { rows } = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(
          db.kysely,
        );
        expect(Number(rows[0]!.n) > 0).toBe(on);
      } finally {
        await sql`drop schema if exists ${sql.raw(`t_prepared_${process.pid}`)} cascade`.execute(db.kysely);
        await db.close();
      }
    }
  });
});
