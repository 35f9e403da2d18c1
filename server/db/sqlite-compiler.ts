import { SqliteDialect, SqliteQueryCompiler, type SelectQueryNode } from 'kysely';

/** Row-locking modifiers PostgreSQL understands and SQLite does not. */
const LOCKING = new Set(['ForUpdate', 'ForShare', 'ForKeyShare', 'ForNoKeyUpdate', 'NoWait', 'SkipLocked']);

/**
 * SQLite's compiler, minus row locks. SQLite has one writer at a time, so a transaction already holds
 * every row it reads until it ends; `FOR UPDATE` would only be a syntax error there. Dropping it here
 * lets services write `.forUpdate()` once for both databases instead of branching on the dialect.
 */
class SqliteCompilerWithoutRowLocks extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const endModifiers = node.endModifiers?.filter((m) => !m.modifier || !LOCKING.has(m.modifier));
    super.visitSelectQuery({ ...node, endModifiers });
  }
}

export class BoxOfficeSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): SqliteQueryCompiler {
    return new SqliteCompilerWithoutRowLocks();
  }
}
