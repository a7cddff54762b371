// The team-members area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const teamMembersOperations = {
  listTeamMembers: pendingOperation("listTeamMembers"),
  updateTeamMembers: pendingOperation("updateTeamMembers"),
  addOrUpdateTeamMember: pendingOperation("addOrUpdateTeamMember"),
  removeTeamMember: pendingOperation("removeTeamMember"),
} satisfies AreaOperations;
