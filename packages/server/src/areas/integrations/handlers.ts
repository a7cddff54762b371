// The integrations area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const integrationsOperations = {
  listIntegrations: pendingOperation("listIntegrations"),
  getIntegrationByName: pendingOperation("getIntegrationByName"),
  publishIntegration: pendingOperation("publishIntegration"),
  unpublishIntegration: pendingOperation("unpublishIntegration"),
  listIntegrationInstallations: pendingOperation("listIntegrationInstallations"),
} satisfies AreaOperations;
