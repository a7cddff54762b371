// The site-spaces area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const siteSpacesOperations = {
  listSiteSpaces: pendingOperation("listSiteSpaces"),
  addSiteSpace: pendingOperation("addSiteSpace"),
  deleteSiteSpace: pendingOperation("deleteSiteSpace"),
  updateSiteSpace: pendingOperation("updateSiteSpace"),
  moveSiteSpace: pendingOperation("moveSiteSpace"),
} satisfies AreaOperations;
