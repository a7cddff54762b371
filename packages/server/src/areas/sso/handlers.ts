// The sso area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const ssoOperations = {
  listSamlProviders: pendingOperation("listSamlProviders"),
  createSamlProvider: pendingOperation("createSamlProvider"),
  getSamlProvider: pendingOperation("getSamlProvider"),
  deleteSamlProvider: pendingOperation("deleteSamlProvider"),
  updateSamlProvider: pendingOperation("updateSamlProvider"),
  listSsoProviders: pendingOperation("listSsoProviders"),
} satisfies AreaOperations;
