// The change-requests area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const changeRequestsOperations = {
  listChangeRequestsForSpace: pendingOperation("listChangeRequestsForSpace"),
  createChangeRequest: pendingOperation("createChangeRequest"),
  getChangeRequestById: pendingOperation("getChangeRequestById"),
  updateChangeRequestById: pendingOperation("updateChangeRequestById"),
  mergeChangeRequest: pendingOperation("mergeChangeRequest"),
  updateChangeRequestFromMain: pendingOperation("updateChangeRequestFromMain"),
  getChangeRequestPdf: pendingOperation("getChangeRequestPdf"),
} satisfies AreaOperations;
