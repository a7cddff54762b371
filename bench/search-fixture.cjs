// The search benchmark's fixture: pages with known answers (each the one page a reader
// asks for with a correct, a misspelt, a half-typed and, where it has one, an identifier
// query), placed among generated documentation pages (pages.cjs) that share many words.
const ANSWERS = [
  {
    title: "Webhooks",
    body: "Events are posted to your endpoint as they happen.\n\n## Verifying signatures\n\nEach request carries an HMAC-SHA256 of its body in a header.",
    queries: { correct: "webhook signature verification", misspelt: "webhok signatures ", prefix: "webhook signat" },
  },
  {
    title: "Client authentication",
    body: "Which hosts may connect is set in pg_hba.conf, one rule a line.\n\n## Methods\n\nscram-sha-256, peer, ident and cert.",
    queries: { correct: "client authentication", misspelt: "authentcation ", prefix: "client authen", identifier: "pg_hba.conf" },
  },
  {
    title: "Procedural languages",
    body: "Functions can be written in PL/pgSQL, PL/Python or PL/Perl.\n\n## Triggers\n\nA trigger function returns the row to store.",
    queries: { correct: "procedural languages", misspelt: "procedual languages ", prefix: "procedural lang", identifier: "PL/pgSQL" },
  },
  {
    title: "HTTP servers",
    body: "Import node:http and call createServer with a listener.\n\n## Keep-alive\n\nIdle sockets are closed after the keep-alive timeout.",
    queries: { correct: "keep-alive timeout", misspelt: "keepalive timout ", prefix: "keep-alive tim", identifier: "node:http" },
  },
  {
    title: "Array methods",
    body: "Array.prototype.map calls a function on every element and returns a new array.\n\n## Reducing\n\nArray.prototype.reduce folds the elements into one value.",
    queries: { correct: "array reduce", misspelt: "aray reduse ", prefix: "array redu", identifier: "Array.prototype.map" },
  },
  {
    title: "Streaming replication",
    body: "A standby server follows the primary by replaying its write-ahead log.\n\n## Failover\n\nPromote the standby when the primary is lost.",
    queries: { correct: "standby failover", misspelt: "stanbdy failovr ", prefix: "standby failo" },
  },
  {
    title: "Autovacuum",
    body: "The autovacuum daemon reclaims dead tuples and updates statistics.\n\n## Tuning\n\nLower the scale factor for large tables.",
    queries: { correct: "autovacuum dead tuples", misspelt: "autovacum dead tuples ", prefix: "autovac", identifier: "autovacuum_vacuum_scale_factor" },
  },
  {
    title: "Connection pooling",
    body: "PgBouncer keeps server connections open between clients.\n\n## Transaction mode\n\nA server connection is held for one transaction only; see pool_mode.",
    queries: { correct: "pgbouncer transaction mode", misspelt: "pgbouncr transacton mode ", prefix: "pgboun", identifier: "pool_mode" },
  },
  {
    title: "Write-ahead log",
    body: "Every change is written to the log before the data files.\n\n## Archiving\n\nSet wal_level and archive_command to keep segments.",
    queries: { correct: "archive command segments", misspelt: "archve comand segments ", prefix: "archive comm", identifier: "archive_command" },
  },
  {
    title: "Internationalization",
    body: "Collations decide how text sorts.\n\n## ICU\n\nICU collations follow the Unicode collation algorithm.",
    queries: { correct: "unicode collation algorithm", misspelt: "unicod colation algoritm ", prefix: "internationaliz" },
  },
];

// The identifiers above, written into the answers' bodies (autovacuum_vacuum_scale_factor is not yet).
ANSWERS[6].body += "\n\nSee autovacuum_vacuum_scale_factor.";

module.exports = { ANSWERS, KINDS: ["correct", "misspelt", "prefix", "identifier"] };
