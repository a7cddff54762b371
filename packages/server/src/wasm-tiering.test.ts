// Runs once: which tiering budget a process sets for itself, from its environment and command line; no database.
import { WASM_TIERING_BUDGET, wasmTieringFlag } from "./wasm-tiering";

it("sets 50 times V8's budget unless the command line or DOCSTACK_WASM_TIERING_BUDGET says otherwise", () => {
  expect(wasmTieringFlag({}, [])).toBe(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
  expect(WASM_TIERING_BUDGET).toBe(90_000_000);
  expect(wasmTieringFlag({ DOCSTACK_WASM_TIERING_BUDGET: "5000" }, [])).toBe("--wasm-tiering-budget=5000");
  // V8's own budget, and a flag Node.js was started with, are left as they are.
  expect(wasmTieringFlag({ DOCSTACK_WASM_TIERING_BUDGET: "default" }, [])).toBeUndefined();
  expect(wasmTieringFlag({}, ["--max-semi-space-size=4", "--wasm-tiering-budget=1000"])).toBeUndefined();
  expect(wasmTieringFlag({ DOCSTACK_WASM_TIERING_BUDGET: "5000" }, ["--wasm-tiering-budget", "1000"])).toBeUndefined();
});

it("refuses a budget that is not a whole number V8 takes", () => {
  for (const budget of ["0", "-5", "1e6", "12.5", "fast", "", "99999999999", "1; --allow-natives-syntax"]) {
    expect(() => wasmTieringFlag({ DOCSTACK_WASM_TIERING_BUDGET: budget }, [])).toThrow(/DOCSTACK_WASM_TIERING_BUDGET must be a whole number/);
  }
});
