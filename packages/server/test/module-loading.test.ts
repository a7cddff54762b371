// A jest worker frees each test file's modules only if none of them loaded as a `vm` module: Node 20 never frees such a
// module's record, and the record holds the file's whole context (its module registry, its app). The job queue's ES
// modules are loaded with import(): the preset makes that a require() of their CommonJS form (jest-preset.js; pg-boss
// then requires its own, serialize-error among them). Were they `vm` modules again, a worker's heap would grow by 30 to
// 55 MB a file.
it("loads the job queue's ES modules as CommonJS, not as vm modules that would keep this file alive", async () => {
  const kind = (module: unknown) => Object.prototype.toString.call(module);
  expect(kind(await import("pg-boss"))).not.toBe("[object Module]");
  expect(kind(await import("pg-boss/dist/adapters/index.js"))).not.toBe("[object Module]");
});
