// The pages an import run lists: the first IMPORT_RUN_PAGES_LISTED it created, complete once in its target.
import { IMPORT_RUN_PAGES_LISTED, listedPages, RecordedPages } from "./pages";

const page = (i: number) => ({ id: `page-${i}`, sourceURL: `https://docs.example/${i}`, type: "page" as const });

describe("an import run's pages", () => {
  it("keeps the first pages it is given, up to the bound, in order", () => {
    const recorded = new RecordedPages();
    recorded.add(Array.from({ length: 600 }, (_, i) => page(i)));
    recorded.add(Array.from({ length: 600 }, (_, i) => page(600 + i)));
    expect(recorded.list).toHaveLength(IMPORT_RUN_PAGES_LISTED);
    expect(recorded.list[0]).toEqual(page(0));
    expect(recorded.list.at(-1)).toEqual(page(IMPORT_RUN_PAGES_LISTED - 1));
  });

  it("answers them complete in a change request it was given, and in the space once it merged its own", () => {
    const pages = [page(1), { id: "group", type: "folder" as const }];
    const statuses = (ownChangeRequest: boolean, status: Parameters<typeof listedPages>[1]) =>
      listedPages({ pages, ownChangeRequest }, status).map((listed) => listed.status);
    expect(statuses(false, "in-progress")).toEqual(["complete", "complete"]);
    expect(statuses(false, "cancelled")).toEqual(["complete", "complete"]);
    expect(statuses(true, "in-progress")).toEqual(["pending", "pending"]);
    expect(statuses(true, "failed")).toEqual(["pending", "pending"]);
    expect(statuses(true, "completed")).toEqual(["complete", "complete"]);
    expect(listedPages({ pages, ownChangeRequest: true }, "completed")[1]).toEqual({ id: "group", type: "folder", status: "complete" });
  });
});
