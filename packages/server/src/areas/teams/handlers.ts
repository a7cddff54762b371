// The teams area: in the contract, not implemented yet (each answers 501).
import { pendingOperation, type AreaOperations } from "../../http/operation";

export const teamsOperations = {
  listTeamsInOrganization: pendingOperation("listTeamsInOrganization"),
  createOrganizationTeam: pendingOperation("createOrganizationTeam"),
  getTeamInOrganizationById: pendingOperation("getTeamInOrganizationById"),
  deleteTeamInOrganizationById: pendingOperation("deleteTeamInOrganizationById"),
  updateTeamInOrganizationById: pendingOperation("updateTeamInOrganizationById"),
} satisfies AreaOperations;
