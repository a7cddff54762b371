// HMAC signatures (cursors, download URLs) under rotatable keys: the first key signs, every key
// verifies, so what was signed under the previous key stays valid while that key is still listed.
import { createHmac, timingSafeEqual } from "node:crypto";

export class SigningKeys {
  constructor(
    /** The keys, newest first (what signs JWTs takes them whole: auth/content-tokens.ts). */
    readonly keys: readonly string[],
  ) {
    if (keys.length === 0) throw new Error("SigningKeys needs at least one key");
  }

  /** A purpose's own keys, derived from these (one secret serves cursors and downloads alike). */
  derive(purpose: string): SigningKeys {
    return new SigningKeys(this.keys.map((key) => createHmac("sha256", key).update(`docstack:${purpose}`).digest("base64url")));
  }

  sign(data: string): string {
    return hmac(this.keys[0] as string, data);
  }

  verify(data: string, signature: string): boolean {
    const given = Buffer.from(signature);
    return this.keys.some((key) => {
      const expected = Buffer.from(hmac(key, data));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }
}

const hmac = (key: string, data: string) => createHmac("sha256", key).update(data).digest("base64url");
