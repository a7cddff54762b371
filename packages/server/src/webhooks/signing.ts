// Signing per the Standard Webhooks specification, with its reference library (standardwebhooks):
// `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256>`).
import { randomBytes } from "node:crypto";
import { declareSecret } from "../secrets";

/** A new signing secret in the specification's form: `whsec_` then 24 random bytes in base64. */
export function newWebhookSecret(): string {
  const key = declareSecret(randomBytes(24).toString("base64"));
  return declareSecret(`whsec_${key}`);
}

export function signedHeaders(secret: string, messageId: string, timestamp: Date, body: string): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    // standardwebhooks loads with the first delivery signed, not at start.
    "webhook-signature": new (require("standardwebhooks") as typeof import("standardwebhooks")).Webhook(secret).sign(messageId, timestamp, body),
  };
}
