/**
 * How the database ran the statements a repository call sends: each statement, captured as Kysely
 * compiles it, run again under EXPLAIN (ANALYZE) in a transaction that is rolled back, its plan
 * flattened to the nodes that read a table or an index. For tests that pin what a query reads
 * (rows, loops, which index), never how long it takes.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type { Pool } from '@neondatabase/serverless';
import type { Database } from '../../src/server/db/schema.ts';

export interface PlanNode {
  nodeType: string;
  relation: string | null;
  index: string | null;
  /** Rows the node gave per loop, and how many times it ran. */
  rows: number;
  loops: number;
}

export interface StatementPlan {
  sql: string;
  nodes: PlanNode[];
}

interface RawNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: RawNode[];
}

/** Each node with the table it reads: a bitmap index scan names only its index, so its table comes from the catalog. */
function flatten(node: RawNode, tableOf: Map<string, string>, into: PlanNode[] = []): PlanNode[] {
  into.push({
    nodeType: node['Node Type'],
    relation: node['Relation Name'] ?? (node['Index Name'] ? (tableOf.get(node['Index Name']) ?? null) : null),
    index: node['Index Name'] ?? null,
    rows: node['Actual Rows'] ?? 0,
    loops: node['Actual Loops'] ?? 0,
  });
  for (const child of node.Plans ?? []) flatten(child, tableOf, into);
  return into;
}

/**
 * The plans of the statements `run` sends through the db it is given (a Kysely on `pool`, as the
 * app builds it). `settings` are planner settings for the EXPLAIN's transaction alone, e.g.
 * 'enable_seqscan = off' to ask whether an index can answer a condition at all.
 */
export async function plansOf(pool: Pool, run: (db: Kysely<Database>) => Promise<unknown>, settings: string[] = []): Promise<StatementPlan[]> {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: pool as never }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      sent.push(event.query);
    },
  });
  await run(db);
  const client = await pool.connect();
  try {
    const indexes = await client.query(`select indexrelid::regclass::text as index, indrelid::regclass::text as "table" from pg_index`);
    const tableOf = new Map((indexes.rows as { index: string; table: string }[]).map((r) => [r.index, r.table]));
    const plans: StatementPlan[] = [];
    for (const query of sent) {
      await client.query('begin');
      try {
        for (const setting of settings) await client.query(`set local ${setting}`);
        const { rows } = await client.query(`explain (analyze, format json) ${query.sql}`, query.parameters as unknown[]);
        const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: RawNode }] })['QUERY PLAN'][0].Plan;
        plans.push({ sql: query.sql, nodes: flatten(plan, tableOf) });
      } finally {
        await client.query('rollback');
      }
    }
    return plans;
  } finally {
    client.release();
  }
}

/** The nodes of a plan that read `relation` (its table or one of its indexes). */
export const readsOf = (plan: StatementPlan, relation: string) => plan.nodes.filter((n) => n.relation === relation);
