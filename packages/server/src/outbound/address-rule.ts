// Which addresses the server may connect to on a user's behalf. An IPv6 address that carries an IPv4 one
// (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4) is judged as the IPv4 address it carries as
// well: the kernel or a translator delivers it there (`::ffff:7f00:1` is 127.0.0.1).
import net from "node:net";
import ipaddr from "ipaddr.js";

/** Why an address may not be connected to. */
export interface AddressRefusal {
  /** The address as given. */
  address: string;
  /** The IPv4 address it carries, when that is the one refused, and how it carries it. */
  carried?: { address: string; as: string };
  /** The range it is in, as a phrase: "a loopback address". */
  rule: string;
}

export type AddressRule = (address: string) => AddressRefusal | undefined;

type Range = [cidr: string, rule: string];

const METADATA = "a cloud metadata address";

const V4_RANGES: Range[] = [
  ["169.254.169.254/32", METADATA], // AWS, Azure, GCP, DigitalOcean, OpenStack
  ["100.100.100.200/32", METADATA], // Alibaba Cloud
  ["192.0.0.192/32", METADATA], // Oracle Cloud
  ["0.0.0.0/8", "an unspecified (this-network) address"],
  ["10.0.0.0/8", "a private address"],
  ["100.64.0.0/10", "a carrier-grade NAT address"],
  ["127.0.0.0/8", "a loopback address"],
  ["169.254.0.0/16", "a link-local address"],
  ["172.16.0.0/12", "a private address"],
  ["192.0.0.0/24", "a reserved (IETF protocol assignments) address"],
  ["192.0.2.0/24", "a documentation address"],
  ["192.88.99.0/24", "a reserved (6to4 relay anycast) address"],
  ["192.168.0.0/16", "a private address"],
  ["198.18.0.0/15", "a benchmarking address"],
  ["198.51.100.0/24", "a documentation address"],
  ["203.0.113.0/24", "a documentation address"],
  ["224.0.0.0/4", "a multicast address"],
  ["240.0.0.0/4", "a reserved address"], // with the broadcast address 255.255.255.255
];

const V6_RANGES: Range[] = [
  ["fd00:ec2::254/128", METADATA], // AWS over IPv6
  ["::/128", "the unspecified address"],
  ["::1/128", "a loopback address"],
  ["fe80::/10", "a link-local address"],
  ["fec0::/10", "a site-local address"],
  ["fc00::/7", "a unique-local (private) address"],
  ["ff00::/8", "a multicast address"],
  ["100::/64", "a discard-only address"],
  ["64:ff9b:1::/48", "a local-use translation address"],
  ["2001:db8::/32", "a documentation address"],
  ["2001::/23", "a reserved (IETF protocol assignments, Teredo) address"],
  ["3fff::/20", "a documentation address"],
  ["5f00::/16", "a reserved (segment routing) address"],
];

/** Prefixes whose addresses carry an IPv4 address, and where: the index of its first 16-bit part. */
const CARRIERS: [cidr: string, as: string, firstPart: number][] = [
  ["::ffff:0:0/96", "IPv4-mapped", 6],
  ["::/96", "IPv4-compatible", 6],
  ["::ffff:0:0:0/96", "IPv4-translated", 6],
  ["64:ff9b::/96", "NAT64", 6],
  ["2002::/16", "6to4", 1],
];

const ranges = (list: Range[]) => list.map(([cidr, rule]) => ({ range: ipaddr.parseCIDR(cidr), rule }));
const V4 = ranges(V4_RANGES);
const V6 = ranges(V6_RANGES);
const CARRYING = CARRIERS.map(([cidr, as, firstPart]) => ({ range: ipaddr.parseCIDR(cidr), as, firstPart }));

const v4Rule = (address: ipaddr.IPv4) => V4.find(({ range }) => address.match(range))?.rule;

/**
 * The refusal of an IP address (as Node and DNS spell them, an IPv6 zone allowed), or undefined when it may be
 * connected to. What is not an IP address is refused.
 */
export const internalAddress: AddressRule = (address) => {
  if (!net.isIP(address.replace(/%.*$/, ""))) return { address, rule: "not an IP address" };
  const ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv4) {
    const rule = v4Rule(ip);
    return rule ? { address, rule } : undefined;
  }
  const own = V6.find(({ range }) => ip.match(range))?.rule;
  if (own) return { address, rule: own };
  for (const { range, as, firstPart } of CARRYING) {
    if (!ip.match(range)) continue;
    const [high, low] = [ip.parts[firstPart]!, ip.parts[firstPart + 1]!];
    const carried = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    const rule = v4Rule(carried);
    if (rule) return { address, carried: { address: carried.toString(), as }, rule };
  }
  return undefined;
};

/** The IP address a URL's hostname is, without IPv6's brackets, or undefined for a name. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : undefined;
}
