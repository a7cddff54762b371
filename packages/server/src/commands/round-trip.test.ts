// A repository in GitBook's layout imported, then exported: every file comes back byte for byte; after an edit only
// what the edit touched differs (its lines, the links to a page renamed, the table of contents when it changed).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { contentHelpers } from "../../test/support/content";
import { useHarness } from "../../test/support/harness";
import { unzip } from "../../test/support/unzip";
import { readDirectory } from "../content/gitbook-layout/fixture";
import { layoutOfRevision } from "../content/gitbook-layout/from-revision";
import { readConfig } from "../content/gitbook-layout/read";
import { CONFIG_FILE } from "../content/gitbook-layout/types";
import { assetPath, writeLayoutText } from "../content/gitbook-layout/write";
import { contentStore } from "../content/reads/reads";
import { existingRevisionIndex } from "../content/store/revisions";
import { importRepository } from "./import-repository";

const h = useHarness();
const c = contentHelpers(h);

const LAYOUT = join(__dirname, "../content/gitbook-layout");
/** Every repository fixture: GitBook's layout as written by hand, and copies of real repositories GitBook's Git Sync wrote (those present). */
const FIXTURES = ["fixture", "fixture-group-readme", "fixture-authored", "fixture-beefree"].filter((name) => existsSync(join(LAYOUT, name)));

/** The space's content as a Git export writes it into the repository (its `.gitbook.yaml` read for the layout's settings). */
async function exported(spaceId: string, repository: ReadonlyMap<string, Buffer>): Promise<Map<string, Buffer>> {
  const store = contentStore(h.services);
  const space = await h.services.prisma.space.findUniqueOrThrow({ where: { id: spaceId } });
  const index = await existingRevisionIndex(store, space.revisionId);
  const config = readConfig(repository.get(CONFIG_FILE)?.toString("utf8"));
  const files = writeLayoutText({ ...(await layoutOfRevision(store, index)), config }, new Set(index.files.map((file) => file.name)));
  for (const file of index.files) {
    const blob = await h.services.prisma.fileBlob.findUniqueOrThrow({ where: { hash: file.blob } });
    files.set(assetPath(config, file.name), Buffer.from(blob.data));
  }
  return files;
}

/** supertest's parser of a binary body: its bytes. */
const binary = (res: { on(event: string, listener: (chunk: Buffer) => void): unknown }, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
};

const asText = (files: ReadonlyMap<string, Buffer>) =>
  Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, data]) => [path, data.toString("latin1")]));

/** The paths whose bytes differ (or exist on one side only). */
const differing = (a: ReadonlyMap<string, Buffer>, b: ReadonlyMap<string, Buffer>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((path) => !a.get(path)?.equals(b.get(path) ?? Buffer.alloc(0))).sort();

/** The lines of `after` that differ from `before`'s at the same place (the texts have as many lines). */
function changedLines(before: string, after: string): [string, string][] {
  const [a, b] = [before.split("\n"), after.split("\n")];
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!] as [string, string]]));
}

async function imported(fixture: string) {
  const org = await h.organization();
  const space = await c.createSpace(org.admin, org.id);
  const files = readDirectory(join(LAYOUT, fixture));
  const ctx = { ...h.services, baseUrl: "http://localhost", actor: { userId: org.admin.id, user: { displayName: "Admin" } } };
  expect((await importRepository(ctx, { spaceId: space.id, files })).result).toBe("merge");
  return { org, space, files };
}

describe("a repository's round trip", () => {
  it.each(FIXTURES)("exports %s byte for byte as it was imported", async (fixture) => {
    const { space, files } = await imported(fixture);
    expect(asText(await exported(space.id, files))).toEqual(asText(files));
  });

  it.each(FIXTURES.filter((name) => !readConfig(readDirectory(join(LAYOUT, name)).get(CONFIG_FILE)?.toString("utf8")).root))(
    "gives %s back byte for byte in the export's zip",
    async (fixture) => {
      const { org, space, files } = await imported(fixture);
      const res = await h.api.get(`/v1/spaces/${space.id}/export`).set("Authorization", org.admin.auth).buffer(true).parse(binary).expect(200);
      expect(asText(await unzip(res.body as Buffer))).toEqual(asText(files));
    },
  );

  it("after an edit, exports only the edited lines of the edited page", async () => {
    const { org, space, files } = await imported("fixture-authored");
    const linux = await h.api.get(`/v1/spaces/${space.id}/content/path/installation/linux`).set("Authorization", org.admin.auth).expect(200);
    const markdown = (linux.body.markdown as string).replace("1. Download the", "1. Download and unpack the");
    const cr = await c.createChangeRequest(org.admin, space.id);
    await c.write(org.admin, space.id, cr.id, [{ operation: "update_page", page: linux.body.id, document: { markdown } }]).expect(200);
    await c.merge(org.admin, space.id, cr.id).expect(200);

    const after = await exported(space.id, files);
    expect(differing(files, after)).toEqual(["installation/linux.md"]);
    // The author's link spellings (`<../.gitbook/assets/release notes.pdf>`, `./#requirements`, a title) stay.
    expect(changedLines(files.get("installation/linux.md")!.toString(), after.get("installation/linux.md")!.toString())).toEqual([
      ["1. Download the [archive](<../.gitbook/assets/release notes.pdf>).", "1. Download and unpack the [archive](<../.gitbook/assets/release notes.pdf>)."],
    ]);
  });

  it("after a page is renamed, rewrites only the links to it, moves its file and lists it there in SUMMARY.md", async () => {
    const { org, space, files } = await imported("fixture-authored");
    const compose = await h.api.get(`/v1/spaces/${space.id}/content/path/containers/compose`).set("Authorization", org.admin.auth).expect(200);
    const cr = await c.createChangeRequest(org.admin, space.id);
    await c.write(org.admin, space.id, cr.id, [{ operation: "update_page", page: compose.body.id, slug: "docker-compose" }]).expect(200);
    await c.merge(org.admin, space.id, cr.id).expect(200);

    const after = await exported(space.id, files);
    // The repository's `.gitbook.yaml` is the repository's: a Git export leaves it as it is.
    expect(differing(files, after)).toEqual([
      "SUMMARY.md",
      "containers/README.md",
      "containers/compose.md",
      "containers/docker-compose.md",
      "installation/linux.md",
    ]);
    expect(after.get("containers/docker-compose.md")?.toString()).toBe(files.get("containers/compose.md")?.toString());
    expect(changedLines(files.get("containers/README.md")!.toString(), after.get("containers/README.md")!.toString())).toEqual([
      ["Everything about [Containers](./), including [Compose](compose.md).", "Everything about [Containers](./), including [Compose](docker-compose.md)."],
    ]);
    // The link's title stays: only its target is the new file.
    expect(changedLines(files.get("installation/linux.md")!.toString(), after.get("installation/linux.md")!.toString())).toEqual([
      ['3. Then try [Compose](../containers/compose.md "Compose").', '3. Then try [Compose](../containers/docker-compose.md "Compose").'],
    ]);
    expect(changedLines(files.get("SUMMARY.md")!.toString(), after.get("SUMMARY.md")!.toString())).toEqual([
      ["  * [Compose](containers/compose.md)", "  * [Compose](containers/docker-compose.md)"],
    ]);
  });
});
