// The answer to a database race (db/errors.ts names them) a request can meet wherever it happens.
// Handlers that can name the conflict better (which hostname is taken) catch it first.
import { raceOf } from "../db/errors";
import { type ApiError, conflict, notFound } from "../http/errors";

/** "OrganizationInvite" → "Organization invite". */
const humanize = (model: string) => model.replace(/(?<=[a-z])(?=[A-Z])/g, " ").replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/**
 * The ApiError of a race, or undefined for any other error (a 500): a record gone is 404, as if the
 * request had come after; a value taken first, a referred row deleted first or a write conflict is 409.
 */
export function raceOutcome(error: unknown): ApiError | undefined {
  const race = raceOf(error);
  switch (race?.kind) {
    case "gone":
      return notFound(race.model ? humanize(race.model) : "Resource");
    case "taken":
      return conflict("already_exists", "A resource with these values already exists (a concurrent request may have made it first)");
    case "dangling":
      return conflict("concurrent_change", "It refers to a resource that no longer exists (a concurrent request may have deleted it)");
    case "write_conflict":
      return conflict("concurrent_change", "A concurrent request changed the same resources first: retry");
    default:
      return undefined;
  }
}
