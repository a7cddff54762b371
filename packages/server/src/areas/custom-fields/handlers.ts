// The custom-fields area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const customFieldsOperations = {
  listSpaceCustomFieldValues: pendingOperation("listSpaceCustomFieldValues"),
  updateSpaceCustomFieldValues: pendingOperation("updateSpaceCustomFieldValues"),
  listCustomFields: pendingOperation("listCustomFields"),
  createCustomField: pendingOperation("createCustomField"),
  getCustomField: pendingOperation("getCustomField"),
  deleteCustomField: pendingOperation("deleteCustomField"),
  updateCustomField: pendingOperation("updateCustomField"),
} satisfies AreaOperations;
