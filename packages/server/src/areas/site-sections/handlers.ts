// The site-sections area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const siteSectionsOperations = {
  listSiteSections: pendingOperation("listSiteSections"),
  addSiteSection: pendingOperation("addSiteSection"),
  deleteSiteSection: pendingOperation("deleteSiteSection"),
  updateSiteSection: pendingOperation("updateSiteSection"),
  moveSiteSection: pendingOperation("moveSiteSection"),
} satisfies AreaOperations;
