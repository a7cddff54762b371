// The first screen's reads leave before the rest of the app is evaluated (src/first-reads.ts): ES modules run
// in the order of their imports, so main.tsx must import it first, and it must not pull React's DOM renderer
// or the screens in with it (their evaluation is what it goes before).
import fs from "node:fs";
import path from "node:path";

const source = (file: string) => fs.readFileSync(path.join(__dirname, "../src", file), "utf8");
const staticImports = (code: string) => [...code.matchAll(/^import\s+(?:[^"']*?\sfrom\s+)?["']([^"']+)["'];?$/gm)].map((match) => match[1]);

describe("the first screen's reads", () => {
  it("are the entry's first import", () => {
    expect(staticImports(source("main.tsx"))[0]).toBe("./first-reads");
  });

  it("load neither React's DOM renderer nor the screens before they leave", () => {
    const imports = staticImports(source("first-reads.ts"));
    expect(imports).toEqual(expect.arrayContaining(["./queries", "./routes"]));
    for (const imported of imports) expect(imported).not.toMatch(/react-dom|^\.\/App$|^\.\/screens\/|^\.\/ui\//);
  });
});
