const { PGlite } = require("@electric-sql/pglite");
const log = [];
for (const m of ["query", "exec"]) {
  const orig = PGlite.prototype[m];
  PGlite.prototype[m] = async function (sql, ...rest) {
    const s = performance.now();
    try {
      return await orig.call(this, sql, ...rest);
    } finally {
      log.push([Math.round(performance.now()), Math.round(performance.now() - s), m, String(sql).replace(/\s+/g, " ").slice(0, 140)]);
    }
  };
}
process.on("exit", () => {
  require("fs").writeFileSync("/tmp/i28/sql.txt", log.map((r) => r.join("\t")).join("\n"));
});
