// A continuous Git Sync's secrets (the remote's credentials, the push webhook's secret), sealed for the database
// with AES-256-GCM under a key derived (HKDF-SHA256) from the instance's secret: the first of `DOCSTACK_SECRETS`,
// else one kept in the database. Opening tries every listed secret, so rotating `DOCSTACK_SECRETS` (new one first)
// keeps what was sealed under the previous one readable; configuring the sync again seals it under the new one.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Config } from "../config";
import type { Db } from "../db/database";
import { instanceSecret } from "../instance-secret";
import { declareSecret } from "../secrets";
import type { GitCredentials } from "./remote";

export interface SyncSecrets {
  credentials?: GitCredentials;
  webhookSecret: string;
}

interface SealDeps {
  prisma: Db;
  config: Pick<Config, "secrets">;
}

const VERSION = "v1";

async function keys(deps: SealDeps): Promise<Buffer[]> {
  const secrets = deps.config.secrets.length ? deps.config.secrets : [await instanceSecret(deps.prisma, "git-sync-secret")];
  return secrets.map((secret) => Buffer.from(hkdfSync("sha256", secret, "docstack", "git-sync-secrets", 32)));
}

export async function sealSecrets(deps: SealDeps, secrets: SyncSecrets): Promise<string> {
  const [key] = await keys(deps);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key as Buffer, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The secrets sealed by `sealSecrets`; throws when no listed secret opens them (the instance's secret changed). */
export async function openSecrets(deps: SealDeps, sealed: string): Promise<SyncSecrets> {
  const data = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
  for (const key of await keys(deps)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      const secrets = JSON.parse(Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString("utf8")) as SyncSecrets;
      // The tests look for every secret in the logs: these are secrets too.
      declareSecret(secrets.webhookSecret);
      if (secrets.credentials?.password) declareSecret(secrets.credentials.password);
      return secrets;
    } catch {
      // Sealed under another of the listed secrets, or none.
    }
  }
  throw new Error("the Git Sync's credentials cannot be opened with the instance's secrets (DOCSTACK_SECRETS changed?): configure the sync again");
}
