import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lower case

/**
 * A 26-character ID: 10 characters of millisecond time then 16 random ones (80 bits),
 * so IDs sort by creation, which keeps "order by id" lists in creation order.
 */
export function newId(now = Date.now()): string {
  let time = "";
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32] + time;
  const bytes = randomBytes(16);
  let random = "";
  for (const byte of bytes) random += ALPHABET[byte % 32];
  return time + random;
}
