// The share-links area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const shareLinksOperations = {
  listSiteShareLinks: pendingOperation("listSiteShareLinks"),
  createSiteShareLink: pendingOperation("createSiteShareLink"),
  deleteSiteShareLink: pendingOperation("deleteSiteShareLink"),
  updateSiteShareLink: pendingOperation("updateSiteShareLink"),
} satisfies AreaOperations;
