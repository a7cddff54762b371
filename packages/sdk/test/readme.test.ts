// The README's examples must stay true to the contract and to the server: they are type-checked
// here, and the one-example-per-area block is run against the live server.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { createClient, type DocstackClient, unwrap } from "../src/index";

it("type-checks every example of the README against the contract", () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const dir = fs.mkdtempSync(path.join(__dirname, ".readme-"));
  try {
    // The README's own import, from the sources.
    const imported = /^import .* from "@docstack\/sdk";$/m.exec(readme)?.[0].replace("@docstack/sdk", "../../src/index") ?? "";
    const prelude = `${imported}\ndeclare const spaceId: string; declare const organizationId: string;\n`;
    const body = blocks
      .map((block, i) => `export async function example${i}() {\n${i === 0 ? "" : 'const docstack = createClient({ baseUrl: "", token: "" });\n'}${block}\n}`)
      .join("\n");
    fs.writeFileSync(path.join(dir, "examples.ts"), prelude + body.replace(/^import .*$/m, ""));
    const tsc = require.resolve("typescript/bin/tsc");
    execFileSync(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "--module",
        "es2022",
        "--moduleResolution",
        "bundler",
        "--lib",
        "es2023,dom",
        "--skipLibCheck",
        "--types",
        "node",
        path.join(dir, "examples.ts"),
      ],
      // From the package, whose node_modules has @types/node, wherever jest runs (the root, in `npm test`).
      { encoding: "utf8", stdio: "pipe", cwd: path.join(__dirname, "..") },
    );
  } catch (error) {
    throw new Error(`README examples do not type-check:\n${(error as { stdout?: string }).stdout ?? error}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("runs the one-example-per-area block against the live server, every call succeeding", async () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8");
  const block = /## One example per area[^`]*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("The README has no one-example-per-area block");
  const { outputText } = ts.transpileModule(`export async function run(docstack: any, unwrap: any) {\n${block}\n}`, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
  });
  const exports: { run?: (client: DocstackClient, unwrapper: typeof unwrap) => Promise<void> } = {};
  new Function("exports", "console", outputText)(exports, { log: () => undefined });
  const docstack = createClient({ baseUrl: process.env.DOCSTACK_URL as string, token: process.env.DOCSTACK_TOKEN as string });
  // `unwrap` throws a DocstackError on any failure, naming the status and the server's message.
  if (typeof exports.run !== "function") throw new Error("The block did not compile to a function");
  await exports.run(docstack, unwrap);
  const orgs = await unwrap(docstack.GET("/v1/orgs"));
  expect(orgs.items.map((org) => org.title)).toContain("Acme");
});
