// The gates run the server's code as its own tests do (its jest preset: the same transforms, and the global setup
// that makes the migrated template database, embedded or on DATABASE_URL's PostgreSQL server).
/** @type {import('jest').Config} */
module.exports = {
  preset: "@docstack/server",
  roots: ["<rootDir>/src"],
};
