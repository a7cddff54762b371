// The sites area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const sitesOperations = {
  listSites: pendingOperation("listSites"),
  createSite: pendingOperation("createSite"),
  getSiteById: pendingOperation("getSiteById"),
  deleteSiteById: pendingOperation("deleteSiteById"),
  updateSiteById: pendingOperation("updateSiteById"),
  getSiteAdaptiveSchema: pendingOperation("getSiteAdaptiveSchema"),
  updateSiteAdaptiveSchema: pendingOperation("updateSiteAdaptiveSchema"),
  getSitePublished: pendingOperation("getSitePublished"),
} satisfies AreaOperations;
