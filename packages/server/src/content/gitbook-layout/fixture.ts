// The test fixture (a space in GitBook's layout, under ./fixture) as the map of files the reader takes.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export const FIXTURE_DIR = join(__dirname, "fixture");

export function readDirectory(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path).split("\\").join("/"), readFileSync(path));
  }
  return files;
}
