// The section-groups area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const sectionGroupsOperations = {
  listSiteSectionGroups: pendingOperation("listSiteSectionGroups"),
  addSiteSectionGroup: pendingOperation("addSiteSectionGroup"),
  deleteSiteSectionGroup: pendingOperation("deleteSiteSectionGroup"),
  updateSiteSectionGroup: pendingOperation("updateSiteSectionGroup"),
  addSiteSectionToGroup: pendingOperation("addSiteSectionToGroup"),
  removeSiteSectionFromGroup: pendingOperation("removeSiteSectionFromGroup"),
  moveSiteSectionGroup: pendingOperation("moveSiteSectionGroup"),
} satisfies AreaOperations;
