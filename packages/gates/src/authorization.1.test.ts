// Gate 2, the authorization matrix (src/authorization-gate.ts), on part 1 of 2 of the operations: two files so that jest's two workers share the gate.
import { createHarness } from "@docstack/server/testing";
import { authorizationGate } from "./authorization-gate";
import { NO_RATE_LIMIT } from "./shards";

authorizationGate({ index: 1, of: 2 }, () => createHarness(NO_RATE_LIMIT));
