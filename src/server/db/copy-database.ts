import { sql, type Kysely } from 'kysely';
import { SITE_TABLES, SITE_TABLE_NAMES, type SiteTable } from './site-tables.ts';

/**
 * `npm run db:copy`: every site table of one database copied into another of the same schema (the
 * deprecated Netlify DB extension's Neon into a new Netlify Database), in one transaction on the
 * target, so that an interrupted copy leaves the target as it was (docs/decisions/0032).
 */

/** One column as information_schema describes it: what a copy needs to be the same on both sides. */
export interface ColumnShape {
  table: string;
  name: string;
  /** data_type, with the element or user type where that says more (ARRAY of text, USER-DEFINED). */
  type: string;
  nullable: boolean;
  /** A generated column (GENERATED ALWAYS AS (...) STORED): computed by the target, never copied. */
  generated: boolean;
  /** 'ALWAYS' or 'BY DEFAULT' for an identity column, else undefined. */
  identity: 'ALWAYS' | 'BY DEFAULT' | undefined;
}

export interface SchemaDifference {
  /** Which side lacks or differs: 'target' when the target is the one behind (or just different). */
  behind: 'source' | 'target';
  text: string;
}

/** A copy refused before it wrote anything, with the reason to show the user. */
export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefused';
  }
}

const describeType = (c: ColumnShape) => `${c.type}${c.nullable ? '' : ' not null'}${c.generated ? ', generated' : ''}${c.identity ? `, identity ${c.identity.toLowerCase()}` : ''}`;

/**
 * Every difference between the site tables of two databases, by table then column, each saying
 * which side is missing what: a table or column only one side has, or a column whose type,
 * nullability or generation differs. Empty when the copy can go row by row.
 */
export function schemaDifferences(source: readonly ColumnShape[], target: readonly ColumnShape[]): SchemaDifference[] {
  const byTable = (columns: readonly ColumnShape[]) => {
    const tables = new Map<string, Map<string, ColumnShape>>();
    for (const c of columns) {
      if (!tables.has(c.table)) tables.set(c.table, new Map());
      tables.get(c.table)!.set(c.name, c);
    }
    return tables;
  };
  const from = byTable(source);
  const to = byTable(target);
  const differences: SchemaDifference[] = [];
  for (const table of SITE_TABLE_NAMES) {
    const a = from.get(table);
    const b = to.get(table);
    if (!a && !b) {
      differences.push({ behind: 'target', text: `table ${table} is in neither database` });
      continue;
    }
    if (!b) {
      differences.push({ behind: 'target', text: `table ${table} is in the source but not in the target` });
      continue;
    }
    if (!a) {
      differences.push({ behind: 'source', text: `table ${table} is in the target but not in the source` });
      continue;
    }
    for (const [name, c] of a) {
      const d = b.get(name);
      if (!d) differences.push({ behind: 'target', text: `column ${table}.${name} (${describeType(c)}) is in the source but not in the target` });
      else if (describeType(c) !== describeType(d)) {
        differences.push({ behind: 'target', text: `column ${table}.${name} is ${describeType(c)} in the source but ${describeType(d)} in the target` });
      }
    }
    for (const [name, d] of b) {
      if (!a.has(name)) differences.push({ behind: 'source', text: `column ${table}.${name} (${describeType(d)}) is in the target but not in the source` });
    }
  }
  return differences;
}

/** The columns of the site tables in the database's current schema (public), in table order. */
async function readSiteColumns(db: Kysely<any>): Promise<ColumnShape[]> {
  const rows = await sql<{ tbl: string; name: string; type: string; udt: string; nullable: string; generated: string; identity: string | null }>`
    select c.table_name as tbl, c.column_name as name, c.data_type as type, c.udt_name as udt,
           c.is_nullable as nullable, c.is_generated as generated,
           case when c.is_identity = 'YES' then c.identity_generation end as identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.table_name in (${sql.join(SITE_TABLE_NAMES)})
    order by c.table_name, c.ordinal_position`.execute(db);
  return rows.rows.map((r) => ({
    table: r.tbl,
    name: r.name,
    // udt_name names an array's element (_text) and a user type (citext), which data_type does not.
    type: r.type === 'ARRAY' || r.type === 'USER-DEFINED' ? `${r.type} (${r.udt})` : r.type,
    nullable: r.nullable === 'YES',
    generated: r.generated === 'ALWAYS',
    identity: r.identity === 'ALWAYS' || r.identity === 'BY DEFAULT' ? r.identity : undefined,
  }));
}

/**
 * The refusal for a schema difference: each difference named, then what to do about the side that
 * is behind. A Netlify Database is migrated by its deploys; any other database by db:migrate.
 */
export function schemaRefusal(differences: readonly SchemaDifference[]): string {
  const lines = [`The two databases do not have the same site tables (${differences.length} ${differences.length === 1 ? 'difference' : 'differences'}):`];
  for (const d of differences) lines.push(`  - ${d.text}`);
  if (differences.some((d) => d.behind === 'target')) {
    lines.push(
      'Bring the target up to date first: for a Netlify Database, deploy the site to it (the deploy applies netlify/database/migrations); ' +
        'for any other database, run `npm run db:migrate` with DATABASE_URL set to it. Then copy again.',
    );
  }
  if (differences.some((d) => d.behind === 'source')) {
    lines.push('The source is behind the target: run `npm run db:migrate` with DATABASE_URL set to the source (it is migrated by this project), then copy again.');
  }
  return lines.join('\n');
}

/**
 * What the target already holds that someone wrote, one line per table: any row of a 'written'
 * table, and catalogue rows changed or added after the seed filled the table (a seeded row's
 * updated_at is the seed's time, never after the time seeded_tables records for its table). The
 * seed's own rows and the throttle's counters do not count: a new Netlify Database has them.
 */
async function writtenRows(db: Kysely<any>): Promise<string[]> {
  const found: string[] = [];
  for (const table of SITE_TABLE_NAMES) {
    const kind = SITE_TABLES[table];
    if (kind === 'written') {
      const { n } = (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]!;
      if (n !== '0') found.push(`${table}: ${n} ${n === '1' ? 'row' : 'rows'}`);
    } else if (kind === 'catalogue') {
      const { n } = (
        await sql<{ n: string }>`
          select count(*)::text as n from ${sql.table(table)} t
          where t.updated_at > coalesce((select seeded_at from seeded_tables where name = ${table}), '-infinity')`.execute(db)
      ).rows[0]!;
      if (n !== '0') found.push(`${table}: ${n} ${n === '1' ? 'row' : 'rows'} added or changed since the seed`);
    }
  }
  return found;
}

function nonEmptyRefusal(found: readonly string[]): string {
  return [
    'The target already holds what visitors or admins wrote:',
    ...found.map((f) => `  - ${f}`),
    'A copy replaces every site table of the target with the source\'s rows, so these would be lost. ' +
      "Its catalogue's seeded rows alone would not stop the copy: a new Netlify Database has them. " +
      'If these rows are test data, or written by the site since it moved to this database and not wanted, run the copy again with --replace.',
  ].join('\n');
}

/** The site tables ordered so that a table comes after every site table its foreign keys reference. */
async function orderByForeignKeys(db: Kysely<any>): Promise<SiteTable[]> {
  const edges = (
    await sql<{ child: string; parent: string }>`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db)
  ).rows;
  const ordered: SiteTable[] = [];
  const visiting = new Set<string>();
  const visit = (table: SiteTable) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table && e.parent in SITE_TABLES) visit(e.parent as SiteTable);
    ordered.push(table);
  };
  for (const table of SITE_TABLE_NAMES) visit(table);
  return ordered;
}

/** Site tables with triggers of their own (not the ones Postgres keeps for foreign keys). */
async function tablesWithTriggers(db: Kysely<any>): Promise<SiteTable[]> {
  const rows = (
    await sql<{ tbl: string }>`
      select distinct c.relname as tbl from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`.execute(db)
  ).rows;
  return rows.map((r) => r.tbl).filter((t): t is SiteTable => t in SITE_TABLES);
}

/**
 * The sequence behind each serial or identity column of a table, by column. pg_get_serial_sequence
 * reads its table argument as SQL text, folding case, as orderByForeignKeys's regclass::text names
 * come unquoted: both hold because every site table's name is a lowercase identifier.
 */
async function sequencesOf(db: Kysely<any>, table: SiteTable, columns: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const column of columns) {
    const { seq } = (await sql<{ seq: string | null }>`select pg_get_serial_sequence(${sql.lit(table)}, ${column}) as seq`.execute(db)).rows[0]!;
    if (seq) found.set(column, seq);
  }
  return found;
}

type DerivedTable = { [T in SiteTable]: (typeof SITE_TABLES)[T] extends 'derived' ? T : never }[SiteTable];

/**
 * How each derived table is rebuilt from the tables it derives from, once they are copied: the
 * statement its triggers' effects add up to (migration 0022 backfills the counts the same way).
 */
const REBUILDS: Record<DerivedTable, ReturnType<typeof sql>> = {
  article_category_counts: sql`
    insert into article_category_counts (category, published)
    select category, count(*)::integer from articles where is_published group by category`,
};

export interface CopyOptions {
  /** Copy into a target that holds rows someone wrote (they are deleted). */
  replace?: boolean;
  /** Rows read and written per round trip: a batch is all a copy holds in memory at once. */
  batchRows?: number;
  /** Told after each batch a table's rows so far (the command's progress lines; tests cut a copy here). */
  onProgress?: (table: SiteTable, rowsSoFar: number) => void | Promise<void>;
}

export interface CopyResult {
  /** Rows copied per table, in the order copied. */
  rows: Array<{ table: SiteTable; rows: number }>;
}

/** A batch's rows, as JSON texts, are written as one statement of at most this many characters. */
const STATEMENT_CHARS = 4_000_000;

/**
 * Copies every site table of `source` into `target`, replacing what the target held, all or
 * nothing. Refused (CopyRefused, nothing written) when the site tables differ, or when the target
 * holds rows someone wrote and `replace` is not set.
 *
 * - The source is read in one read-only, repeatable-read transaction: one snapshot, so an outbox
 *   row never arrives without the enquiry it belongs to even if the source is written meanwhile.
 *   It ends after the target's COMMIT, which is the copy's last step.
 * - The target's work is one transaction: its site tables are locked against writes first (a live
 *   site's requests wait, then the checks run on what the copy will replace), emptied, filled,
 *   committed. Any failure, the connection lost included, rolls all of it back.
 * - Rows travel as JSON text (to_jsonb on the source, jsonb_populate_recordset on the target):
 *   every value exactly as stored (timestamps to the microsecond, arrays, jsonb), by column name,
 *   read through a cursor a batch at a time, so memory stays bounded whatever a table's size.
 * - Derived tables (article_category_counts) are emptied with the others and rebuilt from the
 *   copied rows before the commit, never copied (site-tables.ts).
 * - Tables go parents first (foreign keys); generated columns are left to the target to compute;
 *   identity columns take the copied values (OVERRIDING SYSTEM VALUE).
 * - The target's own triggers are disabled for the copy (ALTER TABLE ... DISABLE TRIGGER USER, undone
 *   before the commit and with any rollback): the copied rows arrive as they were, so, say, an
 *   article's former slugs are the source's, never added to by a trigger.
 * - Each serial or identity sequence is set past the copied ids, and past the source's own
 *   sequence (ids it gave to rows since deleted are not given again), by ALTER SEQUENCE, which is
 *   part of the transaction (setval() is not: a copy rolled back would leave its values behind).
 */
export async function copyDatabase(source: Kysely<any>, target: Kysely<any>, options: CopyOptions = {}): Promise<CopyResult> {
  const batchRows = options.batchRows ?? 500;
  const [sourceColumns, targetColumns] = await Promise.all([readSiteColumns(source), readSiteColumns(target)]);
  const differences = schemaDifferences(sourceColumns, targetColumns);
  if (differences.length > 0) throw new CopyRefused(schemaRefusal(differences));

  const from = await source.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  // The source's transaction only holds the snapshot and wrote nothing, so it ends (rolled back)
  // after the target's COMMIT, and a failure to end it is no failure of the copy: once that COMMIT
  // is answered the copy is done, and reporting a source lost by then as a failure would have the
  // operator rerun a copy the target, now holding the copied rows, refuses.
  try {
    return await target.transaction().execute(async (to) => {
      const tables = await orderByForeignKeys(to);
      await sql`lock table ${sql.join(tables.map((t) => sql.table(t)))} in exclusive mode`.execute(to);
      if (!options.replace) {
        const found = await writtenRows(to);
        if (found.length > 0) throw new CopyRefused(nonEmptyRefusal(found));
      }
      const triggered = await tablesWithTriggers(to);
      for (const t of triggered) await sql`alter table ${sql.table(t)} disable trigger user`.execute(to);
      await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(to);

      const copied: CopyResult['rows'] = [];
      for (const table of tables) {
        if (SITE_TABLES[table] === 'derived') continue;
        const columns = targetColumns.filter((c) => c.table === table && !c.generated);
        const names = sql.join(columns.map((c) => sql.id(c.name)));
        const overriding = columns.some((c) => c.identity === 'ALWAYS') ? sql`overriding system value` : sql``;
        const write = (texts: string[]) =>
          sql`insert into ${sql.table(table)} (${names}) ${overriding}
              select ${names} from jsonb_populate_recordset(null::${sql.table(table)}, ${`[${texts.join(',')}]`}::jsonb)`.execute(to);

        let count = 0;
        await sql`declare site_copy no scroll cursor for select to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(from);
        for (;;) {
          const batch = (await sql<{ row: string }>`fetch forward ${sql.lit(batchRows)} from site_copy`.execute(from)).rows;
          if (batch.length === 0) break;
          let texts: string[] = [];
          let chars = 0;
          for (const { row } of batch) {
            if (texts.length > 0 && chars + row.length > STATEMENT_CHARS) {
              await write(texts);
              texts = [];
              chars = 0;
            }
            texts.push(row);
            chars += row.length + 1;
          }
          await write(texts);
          count += batch.length;
          await options.onProgress?.(table, count);
        }
        await sql`close site_copy`.execute(from);

        const sequences = await sequencesOf(to, table, columns.map((c) => c.name));
        for (const [column, seq] of sequences) {
          const sourceSeq = (await sql<{ seq: string | null }>`select pg_get_serial_sequence(${sql.lit(table)}, ${column}) as seq`.execute(from)).rows[0]!.seq;
          const used = sourceSeq
            ? (await sql<{ n: string | null }>`select case when is_called then last_value::text end as n from ${sql.raw(sourceSeq)}`.execute(from)).rows[0]!.n
            : null;
          // The next id follows both the highest copied one and the last the source gave out. Set
          // with ALTER SEQUENCE, which a rollback undoes, never setval(), which no rollback undoes.
          const { next } = (
            await sql<{ next: string }>`
              select (greatest(coalesce((select max(${sql.id(column)}) from ${sql.table(table)}), 0), coalesce(${used}::bigint, 0)) + 1)::text as next`.execute(to)
          ).rows[0]!;
          if (!/^\d+$/.test(next)) throw new Error(`The next value of ${seq} is not a whole number: ${next}`);
          await sql`alter sequence ${sql.raw(seq)} restart with ${sql.raw(next)}`.execute(to);
        }
        copied.push({ table, rows: count });
      }
      for (const rebuild of Object.values(REBUILDS)) await rebuild.execute(to);
      for (const t of triggered) await sql`alter table ${sql.table(t)} enable trigger user`.execute(to);
      return { rows: copied };
    });
  } finally {
    await from.rollback().execute().catch(() => {});
  }
}
