// The address ranges the studio never connects to for an address a person typed: IANA's special-use
// registries (RFC 6890 and its updates). An IPv6 address that carries an IPv4 one (IPv4-mapped,
// NAT64's well-known prefix) is judged by the IPv4 address inside it.
import { BlockList, isIP } from "node:net";

export const SPECIAL_USE_IPV4: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the machine itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
];

export const SPECIAL_USE_IPV6: readonly (readonly [string, number])[] = [
  ["::", 96], // unspecified, loopback, and the deprecated IPv4-compatible form
  ["64:ff9b:1::", 48], // local-use NAT64: where the IPv4 address sits is the network's choice
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo among them)
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

/** Prefixes whose last 32 bits are an IPv4 address: that address is checked instead. */
export const IPV4_CARRYING_IPV6: readonly (readonly [string, number])[] = [
  ["::ffff:0:0", 96], // IPv4-mapped
  ["64:ff9b::", 96], // NAT64, well-known prefix
];

const blocked = new BlockList();
for (const [net, bits] of SPECIAL_USE_IPV4) blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of SPECIAL_USE_IPV6) blocked.addSubnet(net, bits, "ipv6");
const carrying = new BlockList();
for (const [net, bits] of IPV4_CARRYING_IPV6) carrying.addSubnet(net, bits, "ipv6");

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is read as two groups). */
export function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parts = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parts(head);
  const right = parts(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/** The IPv4 address in an IPv6 address's last 32 bits. */
const lastIPv4 = (address: string) => {
  const g = ipv6Groups(address);
  return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join(".");
};

/**
 * Whether an address (as a URL or a DNS answer gives it: brackets and a zone id allowed) is one the
 * studio must not connect to. Anything that is not an IP address counts as private: fail closed.
 */
export function isPrivateAddress(raw: string): boolean {
  const address = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  if (carrying.check(address, "ipv6")) return blocked.check(lastIPv4(address), "ipv4");
  return blocked.check(address, "ipv6");
}
