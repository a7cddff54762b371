// The address rule over every spelling a URL can give an address in: each URL goes through the WHATWG URL parser
// first, as it does before a fetch (which turns `0x7f.1` into 127.0.0.1 and `[::ffff:127.0.0.1]` into
// `[::ffff:7f00:1]`), then the hostname is judged as the dispatcher judges it.
import { internalAddress, ipLiteral } from "./address-rule";

const judged = (url: string) => {
  const literal = ipLiteral(new URL(url).hostname);
  if (literal === undefined) throw new Error(`${url} has no IP literal`);
  const refusal = internalAddress(literal);
  return refusal && { rule: refusal.rule, carried: refusal.carried?.address };
};

describe("internalAddress", () => {
  it.each([
    // IPv4, as written and as the URL parser normalizes decimal, octal, hex and short forms
    ["http://127.0.0.1/", "a loopback address", undefined],
    ["http://127.1/", "a loopback address", undefined],
    ["http://2130706433/", "a loopback address", undefined],
    ["http://0x7f.1/", "a loopback address", undefined],
    ["http://0x7f000001/", "a loopback address", undefined],
    ["http://0177.0.0.1/", "a loopback address", undefined],
    ["http://127.255.255.254/", "a loopback address", undefined],
    ["http://0.0.0.0/", "an unspecified (this-network) address", undefined],
    ["http://0/", "an unspecified (this-network) address", undefined],
    ["http://10.1.2.3/", "a private address", undefined],
    ["http://172.16.0.1/", "a private address", undefined],
    ["http://172.31.255.255/", "a private address", undefined],
    ["http://192.168.1.1/", "a private address", undefined],
    ["http://100.64.0.1/", "a carrier-grade NAT address", undefined],
    ["http://169.254.1.1/", "a link-local address", undefined],
    ["http://169.254.169.254/", "a cloud metadata address", undefined],
    ["http://2852039166/", "a cloud metadata address", undefined],
    ["http://100.100.100.200/", "a cloud metadata address", undefined],
    ["http://192.0.0.192/", "a cloud metadata address", undefined],
    ["http://192.0.0.8/", "a reserved (IETF protocol assignments) address", undefined],
    ["http://192.0.2.1/", "a documentation address", undefined],
    ["http://198.18.0.1/", "a benchmarking address", undefined],
    ["http://224.0.0.1/", "a multicast address", undefined],
    ["http://255.255.255.255/", "a reserved address", undefined],
    // IPv6 ranges
    ["http://[::1]/", "a loopback address", undefined],
    ["http://[0:0:0:0:0:0:0:1]/", "a loopback address", undefined],
    ["http://[::]/", "the unspecified address", undefined],
    ["http://[fe80::1]/", "a link-local address", undefined],
    ["http://[fc00::1]/", "a unique-local (private) address", undefined],
    ["http://[fd12:3456::1]/", "a unique-local (private) address", undefined],
    ["http://[fd00:ec2::254]/", "a cloud metadata address", undefined],
    ["http://[fec0::1]/", "a site-local address", undefined],
    ["http://[ff02::1]/", "a multicast address", undefined],
    ["http://[2001:db8::1]/", "a documentation address", undefined],
    ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "a reserved (IETF protocol assignments, Teredo) address", undefined],
    ["http://[64:ff9b:1::a00:1]/", "a local-use translation address", undefined],
    // IPv6 addresses carrying an IPv4 one, in each spelling
    ["http://[::ffff:127.0.0.1]/", "a loopback address", "127.0.0.1"],
    ["http://[::ffff:7f00:1]/", "a loopback address", "127.0.0.1"],
    ["http://[0:0:0:0:0:ffff:127.0.0.1]/", "a loopback address", "127.0.0.1"],
    ["http://[0000:0000:0000:0000:0000:FFFF:7F00:0001]/", "a loopback address", "127.0.0.1"],
    ["http://[::ffff:169.254.169.254]/", "a cloud metadata address", "169.254.169.254"],
    ["http://[::ffff:10.0.0.1]/", "a private address", "10.0.0.1"],
    ["http://[::127.0.0.1]/", "a loopback address", "127.0.0.1"],
    ["http://[::a00:1]/", "a private address", "10.0.0.1"],
    ["http://[::ffff:0:7f00:1]/", "a loopback address", "127.0.0.1"],
    ["http://[64:ff9b::127.0.0.1]/", "a loopback address", "127.0.0.1"],
    ["http://[64:ff9b::a9fe:a9fe]/", "a cloud metadata address", "169.254.169.254"],
    ["http://[2002:7f00:1::]/", "a loopback address", "127.0.0.1"],
    ["http://[2002:c0a8:101::1]/", "a private address", "192.168.1.1"],
    ["http://[2002:6440:1::1]/", "a carrier-grade NAT address", "100.64.0.1"],
  ])("refuses %s as %s", (url, rule, carried) => {
    expect(judged(url)).toEqual({ rule, carried });
  });

  it.each([
    "http://93.184.216.34/",
    "http://8.8.8.8/",
    "http://134744072/", // 8.8.8.8
    "http://172.32.0.1/",
    "http://100.128.0.1/",
    "http://169.253.255.255/",
    "http://[2606:4700::1111]/",
    "http://[2a00:1450:4001::200e]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::808:808]/",
    "http://[2002:808:808::1]/",
  ])("allows the public address of %s", (url) => {
    expect(judged(url)).toBeUndefined();
  });

  it("refuses what is not an IP address, and reads DNS answers with an IPv6 zone", () => {
    expect(internalAddress("localhost")?.rule).toBe("not an IP address");
    expect(internalAddress("fe80::1%eth0")?.rule).toBe("a link-local address");
    expect(ipLiteral("docs.example.com")).toBeUndefined();
  });
});
