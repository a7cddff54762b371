// The README's examples must stay true to the contract: they are type-checked here.
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

it("type-checks every example of the README against the contract", () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const dir = fs.mkdtempSync(path.join(__dirname, ".readme-"));
  try {
    const prelude = `import { createClient, unwrap, DocstackError } from "../../src/index";\ndeclare const spaceId: string; declare const organizationId: string;\n`;
    const body = blocks.map((block, i) => `export async function example${i}() {\n${i === 0 ? "" : 'const docstack = createClient({ baseUrl: "", token: "" });\n'}${block}\n}`).join("\n");
    fs.writeFileSync(path.join(dir, "examples.ts"), prelude + body.replace(/^import .*$/m, ""));
    const tsc = require.resolve("typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution", "bundler", "--lib", "es2023,dom", "--skipLibCheck", "--types", "node", path.join(dir, "examples.ts")], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    throw new Error(`README examples do not type-check:\n${(error as { stdout?: string }).stdout ?? error}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
