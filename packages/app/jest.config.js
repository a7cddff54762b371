// The app's tests: its own logic (src/**/*.test.ts) and the browser tests (test/), which run the real server
// through the server's jest preset (its transforms, and the global setup making the migrated template database).
/** @type {import('jest').Config} */
module.exports = {
  preset: "@docstack/server",
  roots: ["<rootDir>/src", "<rootDir>/test"],
};
