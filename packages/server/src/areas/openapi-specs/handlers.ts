// The openapi-specs area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const openapiSpecsOperations = {
  listOpenAPISpecs: pendingOperation("listOpenAPISpecs"),
  createOpenAPISpec: pendingOperation("createOpenAPISpec"),
  getOpenAPISpecBySlug: pendingOperation("getOpenAPISpecBySlug"),
  putOpenAPISpecBySlug: pendingOperation("putOpenAPISpecBySlug"),
  deleteOpenAPISpecBySlug: pendingOperation("deleteOpenAPISpecBySlug"),
  listOpenAPISpecVersions: pendingOperation("listOpenAPISpecVersions"),
  getLatestOpenAPISpecVersion: pendingOperation("getLatestOpenAPISpecVersion"),
  getLatestOpenAPISpecVersionContent: pendingOperation("getLatestOpenAPISpecVersionContent"),
  getOpenAPISpecVersionById: pendingOperation("getOpenAPISpecVersionById"),
  getOpenAPISpecVersionContentById: pendingOperation("getOpenAPISpecVersionContentById"),
} satisfies AreaOperations;
