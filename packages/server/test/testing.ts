// What the tests of other packages use of the server, reached as `@docstack/server/testing` (this package's
// "exports"): the harness (the real app over a real database) and the parts of the server the quality gates
// (@docstack/gates) derive their checks from: the operations' registry and routes, the policy rules, the error
// types. Nothing outside this package reaches into its folders.

export type { default as TestAgent } from "supertest/lib/agent";
// The app's browser tests (packages/app): the app itself, a real browser with axe, a real SMTP sink.
export { createApp } from "../src/app";
export { startSession } from "../src/auth/sessions";
export type { Db } from "../src/db/database";
export { newId } from "../src/db/ids";
export { errorType } from "../src/http/errors";
export type { OperationId } from "../src/http/operation";
export { contractRoutes } from "../src/pipeline/routes";
export { type PolicyKind, tableOf } from "../src/policy/factory";
export { type Level, reaches } from "../src/policy/roles";
export { type Rule, ruleOf } from "../src/policy/rules";
export { onSecret } from "../src/secrets";
export { registry } from "../src/wiring/operations";
export { accessibilityProblems, launchBrowser, printScreenshots, screenshot } from "./support/browser";
export { type GitServer, gitServer } from "./support/git-server";
export { answered, at, createHarness, type Harness, harnessDatabase, refused, secretInLogs, type TestUser, useHarness } from "./support/harness";
export { localServer } from "./support/local-server";
export { requestIdOf, samlResponse, testIdp } from "./support/saml-idp";
export { useInbox } from "./support/smtp";

// The services the harness hands out (`h.services`) get their fields from this module's augmentation: imported so
// the declarations other packages check against (package.json's "types", dist/types) hold it too.
import "../src/wiring/services";
