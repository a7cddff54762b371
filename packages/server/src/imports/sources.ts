// An import run's source as the request names it, checked when the request comes: what each type needs, URLs that
// are http(s) and not an internal address literally (a name is checked when the job connects), a Git remote's
// credentials taken apart. Answers what the run shows (no credentials, no bytes) and what only its job keeps.
import type { Schemas } from "@docstack/contract";
import { fetchableUrl } from "../content/web/fetch-safely";
import { branchOf, parseRemote, projectDirectory } from "../git/remote";
import { badRequest } from "../http/errors";
import type { ImportSecret } from "./types";

type Source = Schemas["ContentImportSource"];

/** An http(s) URL whose host is not an internal address literally. */
function checkedUrl(raw: string | undefined, type: string, allowPrivate: boolean): string {
  if (!raw) throw badRequest("invalid_request", `request/body/source/url: a ${type} source needs a url`);
  return fetchableUrl(raw, { allowPrivate, field: "request/body/source/url", scheme: "only http and https URLs can be imported" }).toString();
}

const ZIP_MAGIC = Buffer.from("PK");

export function checkSource(source: Source, allowPrivate: boolean): { source: Source; secret: ImportSecret | null } {
  switch (source.type) {
    case "file":
      throw badRequest(
        "import_source_unsupported",
        "request/body/source/type: Docstack keeps no files uploaded beforehand (GitBook's file source): send the archive as a zip source (url or data)",
      );
    case "website":
    case "markdown":
    case "html":
      return { source: { type: source.type, url: checkedUrl(source.url, source.type, allowPrivate) }, secret: null };
    case "git": {
      if (!source.url || !source.ref) throw badRequest("invalid_request", "request/body/source: a git source needs a url and a ref");
      const remote = parseRemote(source.url, allowPrivate);
      const folder = projectDirectory(source.repoProjectDirectory);
      return {
        source: { type: "git", url: remote.url, ref: `refs/heads/${branchOf(source.ref)}`, ...(folder ? { repoProjectDirectory: folder } : {}) },
        secret: remote.credentials ? { credentials: remote.credentials } : null,
      };
    }
    case "zip": {
      if ((source.url === undefined) === (source.data === undefined))
        throw badRequest("invalid_request", "request/body/source: a zip source needs either a url or data");
      if (source.url !== undefined) return { source: { type: "zip", url: checkedUrl(source.url, "zip", allowPrivate) }, secret: null };
      const bytes = Buffer.from(source.data!, "base64");
      if (!bytes.subarray(0, 2).equals(ZIP_MAGIC)) throw badRequest("invalid_request", "request/body/source/data: not a zip archive in base64");
      return { source: { type: "zip" }, secret: { data: source.data! } };
    }
  }
}
