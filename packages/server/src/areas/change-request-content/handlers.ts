// The change-request-content area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const changeRequestContentOperations = {
  getChangeRequestRevision: pendingOperation("getChangeRequestRevision"),
  updateChangeRequestContent: pendingOperation("updateChangeRequestContent"),
  importChangeRequestContent: pendingOperation("importChangeRequestContent"),
  listChangeRequestPages: pendingOperation("listChangeRequestPages"),
  listChangeRequestFiles: pendingOperation("listChangeRequestFiles"),
  getChangeRequestFileById: pendingOperation("getChangeRequestFileById"),
  listChangeRequestFileBacklinks: pendingOperation("listChangeRequestFileBacklinks"),
  getChangeRequestPageById: pendingOperation("getChangeRequestPageById"),
  listChangeRequestPageLinks: pendingOperation("listChangeRequestPageLinks"),
} satisfies AreaOperations;
