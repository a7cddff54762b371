// Starting an import run from any source the API takes (ContentImportSource): a zip sent inline, a Git branch, a
// website crawled, or one Markdown or HTML document by URL. What was typed stays when the run is refused.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useSpaces } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { SpaceOptions } from "../../ui/SpaceOptions";
import { directoryOf, GitRepositoryFields, refOf, urlWithCredentials, useGitRepositoryForm } from "./GitFields";
import { adminKeys } from "./queries";

/** The largest archive the API takes inline (its `data` is at most 1,000,000 base64 characters). */
const MAX_ZIP_BYTES = 750_000;
type Kind = "zip" | "git" | "website" | "markdown" | "html";
type Source = Schemas["ContentImportSource"];

const KINDS: Record<Kind, { label: string; hint: string }> = {
  zip: {
    label: "A zip archive",
    hint: "A space in GitBook's layout (SUMMARY.md, .gitbook.yaml, .gitbook/assets) or plain Markdown files, up to 750 KB. It replaces the space's content.",
  },
  git: { label: "A Git repository", hint: "A branch in GitBook's layout (or plain Markdown files), read once. It replaces the space's content." },
  website: { label: "A website", hint: "Every page of the site's own origin, from this address on, one page each. Added after the space's pages." },
  markdown: { label: "A Markdown document", hint: "One Markdown file by its URL, as one page. Added after the space's pages." },
  html: { label: "An HTML page", hint: "One web page by its URL, converted to one page. Added after the space's pages." },
};

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function ImportForm({ organizationId }: { organizationId: string }) {
  const spaces = useSpaces(organizationId);
  const queries = useQueryClient();
  const [spaceId, setSpaceId] = useState("");
  const [kind, setKind] = useState<Kind>("zip");
  const [file, setFile] = useState<File>();
  const [url, setUrl] = useState("");
  const git = useGitRepositoryForm();

  const sourceOf = async (): Promise<Source> => {
    if (kind === "zip") {
      if (!file) throw new Error("Choose a zip file to import.");
      if (file.size > MAX_ZIP_BYTES) throw new Error(`The archive is ${Math.round(file.size / 1000)} KB: the largest taken here is 750 KB.`);
      return { type: "zip", data: await base64Of(file) };
    }
    if (kind === "git") {
      const folder = directoryOf(git.form.directory);
      return { type: "git", url: urlWithCredentials(git.form), ref: refOf(git.form.branch), ...(folder ? { repoProjectDirectory: folder } : {}) };
    }
    return { type: kind, url };
  };
  const start = useWrite(async () => {
    const source = await sourceOf();
    await unwrap(api.POST("/v1/org/{organizationId}/imports", { params: { path: { organizationId } }, body: { source, target: { space: spaceId } } }));
    if (kind === "git") git.forgetPassword();
    await queries.invalidateQueries({ queryKey: adminKeys.imports(organizationId) });
  });

  return (
    <form
      className="stacked-form"
      aria-labelledby="import-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void start.run(undefined);
      }}
    >
      <label htmlFor="import-space">Into the space</label>
      <select id="import-space" required value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
        <SpaceOptions spaces={spaces.data?.items} />
      </select>
      <label htmlFor="import-kind">From</label>
      <select id="import-kind" value={kind} onChange={(event) => setKind(event.target.value as Kind)} aria-describedby="import-kind-hint">
        {Object.entries(KINDS).map(([value, { label }]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <p id="import-kind-hint" className="muted">
        {KINDS[kind].hint} Written through a change request, merged at the end.
      </p>
      {kind === "zip" ? (
        <>
          <label htmlFor="import-file">Zip file</label>
          <input id="import-file" type="file" accept=".zip,application/zip" required onChange={(event) => setFile(event.target.files?.[0])} />
        </>
      ) : kind === "git" ? (
        <GitRepositoryFields id="import-git" form={git.form} set={git.set} />
      ) : (
        <>
          <label htmlFor="import-url">{kind === "website" ? "Website address" : "Document URL"}</label>
          <input id="import-url" type="url" required placeholder="https://docs.example.com/" value={url} onChange={(event) => setUrl(event.target.value)} />
        </>
      )}
      <button type="submit" disabled={start.busy}>
        Import
      </button>
      <WriteError write={start} />
    </form>
  );
}
