// Every way to write an address in the special-use ranges, generated from the ranges below (the
// issue's list, kept apart from the guard's so that a range the guard drops fails the walk): for each
// range its first, second and last address, in every spelling a URL accepts (decimal, octal, hex,
// short forms, a trailing dot; IPv4-mapped and NAT64 wrappers; full and upper-case IPv6; a zone id).
import { ipv6Groups } from "~/adapters/special-use-addresses.server";

export const IPV4_RANGES =
  "0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.0.0.0/24 192.0.2.0/24 192.88.99.0/24 " +
  "192.168.0.0/16 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24 224.0.0.0/4 240.0.0.0/4 255.255.255.255/32";
// ::/96 holds :: and ::1 and the deprecated IPv4-compatible ::a.b.c.d, which the guard refuses whole.
export const IPV6_RANGES = ":: ::1 ::/96 64:ff9b:1::/48 100::/64 2001::/23 2001:db8::/32 2002::/16 fc00::/7 fe80::/10 fec0::/10 ff00::/8";
export const ranges = (list: string, full: number) =>
  list.split(" ").map((cidr) => {
    const [net, bits] = cidr.split("/");
    return [net, bits ? Number(bits) : full] as const;
  });

export const v4ToInt = (dotted: string) => dotted.split(".").reduce((n, part) => n * 256 + Number(part), 0);
export const intToV4 = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256);
const hex4 = (n: number) => n.toString(16);

/** The first, second and last address of an IPv4 range, as integers. */
export function v4Samples(net: string, bits: number): number[] {
  const first = v4ToInt(net);
  const size = 2 ** (32 - bits);
  return [...new Set([first, Math.min(first + 1, first + size - 1), first + size - 1])];
}

/** One IPv4 address in every spelling a URL's host accepts (each of them parses to the same address). */
export function v4Spellings(n: number): string[] {
  const [a, b, c, d] = intToV4(n);
  const high = hex4((a << 8) | b);
  const low = hex4((c << 8) | d);
  return [
    `${a}.${b}.${c}.${d}`,
    `${a}.${b}.${c}.${d}.`,
    String(n),
    `0x${n.toString(16)}`,
    [a, b, c, d].map((p) => `0${p.toString(8)}`).join("."),
    [a, b, c, d].map((p) => `0x${p.toString(16)}`).join("."),
    `${a}.${b}.${(c << 8) | d}`,
    `${a}.${(b << 16) | (c << 8) | d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${high}:${low}]`,
    `[0:0:0:0:0:ffff:${a}.${b}.${c}.${d}]`,
    `[64:ff9b::${a}.${b}.${c}.${d}]`,
    `[64:ff9b::${high}:${low}]`,
  ];
}

export const v6ToBig = (address: string) => ipv6Groups(address).reduce((n, g) => (n << 16n) | BigInt(g), 0n);
export const bigToGroups = (n: bigint) => Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(16 * (7 - i))) & 0xffffn));

export function v6Samples(net: string, bits: number): bigint[] {
  const first = v6ToBig(net);
  const size = 1n << BigInt(128 - bits);
  return [...new Set([first, size > 1n ? first + 1n : first, first + size - 1n])];
}

export function v6Spellings(n: bigint): string[] {
  const groups = bigToGroups(n);
  const full = groups.map((g) => g.toString(16).padStart(4, "0")).join(":");
  const short = new URL(`http://[${full}]/`).hostname;
  const spellings = [short, `[${full}]`, `[${full.toUpperCase()}]`];
  if ((groups[0] & 0xffc0) === 0xfe80) spellings.push(`[${full}%25eth0]`); // a zone id: no URL accepts one
  return spellings;
}

/** Host spellings of every special-use address sample, with the range each came from; `plain` marks each address's usual spelling. */
export function privateSpellings(): { range: string; host: string; plain: boolean }[] {
  const out: { range: string; host: string; plain: boolean }[] = [];
  for (const [net, bits] of ranges(IPV4_RANGES, 32))
    for (const n of v4Samples(net, bits)) v4Spellings(n).forEach((host, i) => out.push({ range: `${net}/${bits}`, host, plain: i === 0 }));
  for (const [net, bits] of ranges(IPV6_RANGES, 128))
    for (const n of v6Samples(net, bits)) v6Spellings(n).forEach((host, i) => out.push({ range: `${net}/${bits}`, host, plain: i === 0 }));
  return out;
}

/** The spellings that name this machine itself: what a listener on loopback would answer if the guard let them through. */
export const LOOPBACK_SPELLINGS = [
  ...v4Spellings(v4ToInt("127.0.0.1")),
  ...v4Spellings(0),
  "[::1]",
  "[0:0:0:0:0:0:0:1]",
  "[::]",
  "localhost",
  "LocalHost",
];
