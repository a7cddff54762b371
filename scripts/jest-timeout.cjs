// A package's own test ceiling in the one jest run of `npm test` (jest.config.cjs), where testTimeout is the run's.
jest.setTimeout(globalThis.__docstackTestTimeout);
