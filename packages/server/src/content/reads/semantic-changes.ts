// What a revision changes compared to another (its parent, or a change request's base), in GitBook's shape
// (`RevisionSemanticChanges`): pages created, edited, moved, deleted, and files created, edited, deleted.
import type { Schemas } from "@docstack/contract";
import type { RevisionIndex } from "../store/revisions";
import type { StoredFile, StoredPage } from "../store/tree";
import type { SerializeDeps } from "./deps";
import { serializeFile } from "./serialize";

type Change = Schemas["RevisionChange"];

const PAGE_ATTRIBUTES = ["title", "description", "slug", "emoji", "condition"] as const;

/** The changes from `before` (null: nothing, a space's first revision) to `after`, at most `limit` of them and how many more. */
export function revisionChanges(ctx: SerializeDeps, before: RevisionIndex | null, after: RevisionIndex, limit: number): { changes: Change[]; more?: number } {
  const changed = (index: RevisionIndex, page: StoredPage): Schemas["ChangedPage"] => ({
    id: page.id,
    type: page.type,
    title: page.title,
    ...(index.pathById.has(page.id) ? { path: index.pathById.get(page.id) } : {}),
  });
  const parentOf = (index: RevisionIndex, page: StoredPage) => {
    const parent = page.parent ? index.byId.get(page.parent) : undefined;
    return parent ? changed(index, parent) : undefined;
  };
  const changes: Change[] = [];
  for (const page of after.pages) {
    const old = before?.byId.get(page.id);
    if (!old) {
      changes.push({ type: "page_created", page: changed(after, page) });
      continue;
    }
    if (old.parent !== page.parent) {
      const [from, to] = [parentOf(before!, old), parentOf(after, page)];
      changes.push({ type: "page_moved", page: changed(after, page), parent: { ...(from ? { before: from } : {}), ...(to ? { after: to } : {}) } });
    }
    const attributes: Record<string, Schemas["ChangedAttribute"]> = {};
    for (const name of PAGE_ATTRIBUTES) attributeChange(attributes, name, old[name], page[name]);
    attributeChange(attributes, "document", old.document, page.document);
    if (Object.keys(attributes).length) changes.push({ type: "page_edited", page: changed(after, page), attributes });
  }
  for (const page of before?.pages ?? []) {
    if (!after.byId.has(page.id)) changes.push({ type: "page_deleted", page: changed(before!, page) });
  }
  const file = (stored: StoredFile): Schemas["ChangedFile"] => {
    const { id, name, contentType, downloadURL } = serializeFile(ctx, stored);
    return { id, name, contentType, downloadURL };
  };
  const oldFiles = new Map((before?.files ?? []).map((stored) => [stored.id, stored]));
  for (const stored of after.files) {
    const old = oldFiles.get(stored.id);
    if (!old) {
      changes.push({ type: "file_created", file: file(stored) });
      continue;
    }
    const attributes: Record<string, Schemas["ChangedAttribute"]> = {};
    attributeChange(attributes, "name", old.name, stored.name);
    attributeChange(attributes, "contentType", old.contentType, stored.contentType);
    if (old.blob !== stored.blob) attributes.downloadURL = { before: file(old).downloadURL, after: file(stored).downloadURL };
    if (Object.keys(attributes).length) changes.push({ type: "file_edited", file: file(stored), attributes });
  }
  const kept = new Set(after.files.map((stored) => stored.id));
  for (const stored of before?.files ?? []) if (!kept.has(stored.id)) changes.push({ type: "file_deleted", file: file(stored) });
  return changes.length > limit ? { changes: changes.slice(0, limit), more: changes.length - limit } : { changes };
}

function attributeChange(into: Record<string, Schemas["ChangedAttribute"]>, name: string, before: string | undefined, after: string | undefined): void {
  if (before === after) return;
  into[name] = { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
}
