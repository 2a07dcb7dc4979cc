// Neon's HTTP query endpoint (`POST /sql`), answered in front of a plain Postgres: the embedded
// PGlite, or CI's server. The Neon driver's `neon()` sends one statement a request, the connection
// string in a header, and reads back its rows as text, parsing them by type itself; the pages' reads
// take this path (src/server/db/page-reads.ts). Production reaches Neon's own endpoint; here the
// database bridge (ws-proxy.mjs) hands its POSTs to this, so the same driver code runs locally.
//
// Its answers follow what the driver reads: 200 with `{ command, rowCount, rows, fields }`, rows
// as arrays of text; 400 with the server's error fields (message, code, detail...) for a statement
// the database refused; a 5xx with a line of text when the database could not be reached, which the
// driver raises as 'Server error (HTTP status 502): ...'.
import pg from 'pg';

// Values stay as the server sent them (text): the driver parses each by its type OID, as it does
// Neon's answers.
const asText = { getTypeParser: () => (/** @type {string} */ value) => value };

// The connections kept per connection string. PGlite serves one statement at a time whatever the
// count; a server's pages read a few at once.
const POOL_MAX = 5;

// The users and databases the bridge keeps connections for at once (each pool up to POOL_MAX).
const MAX_POOLS = 8;

// Statements a client gave up on (its own limit, 4.5 s) should not hold a kept connection for long.
const STATEMENT_LIMIT_MS = 5_000;

/** A request body past this is no query the site sends. */
const MAX_BODY_BYTES = 1 << 20;

/**
 * @param {{ host: string, port: number, onQuery?: () => void }} target  the database's address:
 *   whatever host a connection string names, the statement runs there (the bridge's lock); onQuery:
 *   told of each statement run
 */
export function createSqlOverHttp({ host, port, onQuery }) {
  /** @type {Map<string, import('pg').Pool>} */
  const pools = new Map();

  /**
   * The pool of one user, password and database at the bridged address; undefined when the bridge
   * already keeps MAX_POOLS others.
   * @param {{ user: string, password: string, database: string }} login
   */
  function poolFor({ user, password, database }) {
    const key = JSON.stringify([user, password, database]);
    let pool = pools.get(key);
    if (!pool) {
      if (pools.size >= MAX_POOLS) return undefined;
      pool = new pg.Pool({
        host,
        port,
        user,
        password,
        database,
        ssl: false,
        max: POOL_MAX,
        idleTimeoutMillis: 10_000,
        statement_timeout: STATEMENT_LIMIT_MS,
        query_timeout: STATEMENT_LIMIT_MS + 500,
        connectionTimeoutMillis: STATEMENT_LIMIT_MS,
      });
      // A kept connection the database drops (a restart, a cut network) must not end the process:
      // the pool forgets it and the next statement opens another.
      pool.on('error', () => {});
      pools.set(key, pool);
    }
    return pool;
  }

  /**
   * Answers one POST of the driver's.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {(connectionString: URL) => boolean} namesTarget  whether the connection string names the bridged database
   */
  async function answer(req, res, namesTarget) {
    const reply = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json' }).end(text);
    };
    const connectionString = req.headers['neon-connection-string'];
    if (typeof connectionString !== 'string' || !URL.canParse(connectionString) || !namesTarget(new URL(connectionString))) {
      return reply(403, 'The connection string must name the bridged database');
    }
    // Only the string's user, password and database are read: handed to pg whole, its parameters
    // (`?host=`, `?port=`, `?options=`) would win over the bridged address set beside them.
    let login;
    try {
      const url = new URL(connectionString);
      const user = decodeURIComponent(url.username);
      login = { user, password: decodeURIComponent(url.password), database: decodeURIComponent(url.pathname.slice(1)) || user };
    } catch {
      return reply(403, 'The connection string must name the bridged database');
    }
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return reply(400, { message: 'The body must be JSON: { "query": "...", "params": [...] }' });
    }
    if (typeof body?.query !== 'string' || (body.params !== undefined && !Array.isArray(body.params))) {
      return reply(400, { message: 'The body must be JSON: { "query": "...", "params": [...] }' });
    }
    let result;
    try {
      const pool = poolFor(login);
      if (!pool) return reply(503, `The bridge keeps connections for ${MAX_POOLS} users and databases at most`);
      onQuery?.();
      result = await pool.query({ text: body.query, values: body.params ?? [], rowMode: 'array', types: asText });
    } catch (err) {
      const e = /** @type {Record<string, unknown>} */ (err);
      // A statement the database refused carries its SQLSTATE; anything else is the way to it failing.
      if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return reply(400, serverError(e));
      return reply(502, `The database could not be reached: ${e?.code ?? e?.message ?? err}`);
    }
    reply(200, {
      command: result.command,
      rowCount: result.rowCount,
      rows: result.rows,
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    });
  }

  return {
    answer,
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.end().catch(() => {})));
      pools.clear();
    },
  };
}

// The error fields the driver copies onto the error it raises.
const ERROR_FIELDS = ['message', 'severity', 'code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

/** @param {Record<string, unknown>} err */
function serverError(err) {
  return Object.fromEntries(ERROR_FIELDS.filter((name) => err[name] !== undefined).map((name) => [name, err[name]]));
}

/** @param {import('node:http').IncomingMessage} req */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
