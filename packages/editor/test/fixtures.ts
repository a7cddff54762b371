// The Markdown pages of the GitBook-layout fixtures in the repository, read from where they are.
import fs from "node:fs";
import path from "node:path";

const REPOSITORY = path.resolve(__dirname, "../../..");
const FIXTURES = [
  "packages/server/src/content/gitbook-layout/fixture",
  "packages/server/src/content/gitbook-layout/fixture-group-readme",
  "packages/sites/test/gitbook-layout",
];

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

/** Every page: its path from the repository's top and its text. */
export function fixturePages(): [string, string][] {
  return FIXTURES.flatMap((dir) => markdownFiles(path.join(REPOSITORY, dir))).map((file) => [path.relative(REPOSITORY, file), fs.readFileSync(file, "utf8")]);
}
