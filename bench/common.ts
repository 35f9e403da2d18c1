/** What the server benchmarks share: percentiles and the temporary PostgreSQL schema they clean up. */

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The p-th percentile (nearest rank), rounded to 0.01 ms. */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return round2(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0);
}

/**
 * Runs `load` (a load generator in its own process) and answers what it answers with this process's CPU
 * meanwhile (the box office's, when it runs here), in % of one core.
 */
export async function withServerCpu<T>(load: () => Promise<T>): Promise<{ result: T; serverCpuPct: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await load();
  const used = process.cpuUsage(cpu);
  return {
    result,
    serverCpuPct: Math.round(((used.user + used.system) / 1e3 / (performance.now() - started)) * 100),
  };
}

/** Drops a benchmark's own schema from the DATABASE_URL database. */
export async function dropSchema(schema: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

/** The commit every server benchmark's buyer sends: a customer and the sandbox's approving test card. */
export function benchCommitBody<S extends { sectionId: number; x: number; y: number; ticketGroupId: number }>(
  presentationId: number,
  seats: readonly S[],
  ticketOf: (s: S) => number,
) {
  return {
    cart: {
      customerInfo: {
        firstName: 'Bench',
        lastName: 'Customer',
        email: 'bench@example.com',
        mobileNumber: '050-1234567',
        termsAccepted: true,
      },
      creditcardInfo: { number: '4111111111111111', expiry: '12/29', cvv: '123', holderId: '123456782' },
      seats: seats.map((s) => ({
        pi: presentationId,
        si: s.sectionId,
        x: s.x,
        y: s.y,
        tg: s.ticketGroupId,
        ticketId: ticketOf(s),
      })),
      products: [],
    },
    locale: 'en',
  };
}

/**
 * The box office's count of statements sent to the database and the seconds it waited for them
 * (`/metrics`: boxoffice_db_statements_total, boxoffice_db_statement_seconds_total): read before and
 * after a phase, the database's work in it. With WORKERS=n one scrape gives the host's sum.
 */
export async function dbCounters(base: string): Promise<{ statements: number; seconds: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    statements: value('boxoffice_db_statements_total'),
    seconds: value('boxoffice_db_statement_seconds_total'),
  };
}

/** The work between two `dbCounters` readings per unit (an order, a lock): statements and milliseconds. */
export function dbWorkPer(
  before: { statements: number; seconds: number },
  after: { statements: number; seconds: number },
  units: number,
): { statements: number; dbMs: number } {
  return {
    statements: round2((after.statements - before.statements) / Math.max(units, 1)),
    dbMs: round2(((after.seconds - before.seconds) * 1000) / Math.max(units, 1)),
  };
}
