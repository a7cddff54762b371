// The space-content area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const spaceContentOperations = {
  searchSpaceContent: pendingOperation("searchSpaceContent"),
  getCurrentRevision: pendingOperation("getCurrentRevision"),
  importContent: pendingOperation("importContent"),
  listPages: pendingOperation("listPages"),
  listFiles: pendingOperation("listFiles"),
  getFileById: pendingOperation("getFileById"),
  listFileBacklinks: pendingOperation("listFileBacklinks"),
  getPageById: pendingOperation("getPageById"),
  listPageLinks: pendingOperation("listPageLinks"),
} satisfies AreaOperations;
