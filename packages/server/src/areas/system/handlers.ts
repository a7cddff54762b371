// The API itself: which release of Docstack answers (GitBook's `GET /v1/`).
import fs from "node:fs";
import path from "node:path";
import type { Schemas } from "@docstack/contract";
import { type AreaOperations, defineOperation } from "../../http/operation";

/** Read once: the server's package version, and when its code was built (this module's file, in `dist/` once built). */
function readApiInformation(): Schemas["ApiInformation"] {
  const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")) as { version: string };
  return { version, build: fs.statSync(__filename).mtime.toISOString() };
}

let information: Schemas["ApiInformation"] | undefined;

export const systemOperations = {
  getApiInformation: defineOperation("getApiInformation", {
    handle: async () => {
      information ??= readApiInformation();
      return { status: 200, body: information };
    },
  }),
} satisfies AreaOperations;
