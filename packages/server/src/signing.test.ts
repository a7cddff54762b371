import { ManualClock } from "./clock";
import { DownloadSigner } from "./content/reads/downloads";
import { CursorCodec } from "./http/pagination";
import { SigningKeys } from "./signing";

const OLD = "o".repeat(32);
const NEW = "n".repeat(32);

describe("Signing keys", () => {
  it("verify what any listed key signed, and sign with the first: a secret rotates without breaking what is out", () => {
    const before = new CursorCodec(new SigningKeys([OLD]).derive("cursor"));
    const during = new CursorCodec(new SigningKeys([NEW, OLD]).derive("cursor"));
    const after = new CursorCodec(new SigningKeys([NEW]).derive("cursor"));
    const issued = before.encode("list", ["a", 1]);
    expect(during.decode("list", issued, 2)).toEqual(["a", 1]);
    expect(() => after.decode("list", issued, 2)).toThrow(/not a cursor this list gave/);
    const reissued = during.encode("list", ["a", 1]);
    expect(after.decode("list", reissued, 2)).toEqual(["a", 1]);
    expect(() => before.decode("list", reissued, 2)).toThrow(/not a cursor this list gave/);
  });

  it("give each purpose keys of its own: a cursor's signature does not sign a download", () => {
    const clock = new ManualClock();
    const keys = new SigningKeys([NEW]);
    const downloads = new DownloadSigner(keys.derive("download"), clock);
    const token = downloads.token({ kind: "pdf", spaceId: "s", changeRequestId: "c" });
    const [payload] = token.split(".");
    expect(downloads.verify(token)).toMatchObject({ spaceId: "s" });
    expect(downloads.verify(`${payload}.${keys.derive("cursor").sign(payload as string)}`)).toBeUndefined();
    expect(new DownloadSigner(new SigningKeys([OLD]).derive("download"), clock).verify(token)).toBeUndefined();
  });
});
