// The guard refuses exactly the special-use ranges: the address just outside each range is public
// (unless another range holds it), and an IPv6 address carrying an IPv4 one is judged by that one.
import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "~/adapters/special-use-addresses.server";
import { IPV4_RANGES, IPV6_RANGES, bigToGroups, intToV4, ranges, v4ToInt, v6ToBig } from "./private-spellings";

const v4 = ranges(IPV4_RANGES, 32).map(([net, bits]) => [v4ToInt(net), 2 ** (32 - bits)] as const);
const v6 = ranges(IPV6_RANGES, 128).map(([net, bits]) => [v6ToBig(net), 1n << BigInt(128 - bits)] as const);
const inV4 = (n: number) => v4.some(([first, size]) => n >= first && n < first + size);
const inV6 = (n: bigint) => v6.some(([first, size]) => n >= first && n < first + size);
const v6Text = (n: bigint) =>
  bigToGroups(n)
    .map((g) => g.toString(16))
    .join(":");

describe("the special-use ranges", () => {
  it("end where they should: each range's neighbours are public unless another range holds them", () => {
    for (const [first, size] of v4)
      for (const n of [first - 1, first + size].filter((x) => x >= 0 && x < 2 ** 32)) {
        const address = intToV4(n).join(".");
        expect(isPrivateAddress(address), address).toBe(inV4(n));
      }
    for (const [first, size] of v6)
      for (const n of [first - 1n, first + size].filter((x) => x >= 0n && x < 1n << 128n)) {
        // The IPv4-carrying prefixes are judged by the address inside; they are walked below.
        const address = v6Text(n);
        if (/^0:0:0:0:0:ffff:|^64:ff9b:0:0:0:0:/.test(address)) continue;
        expect(isPrivateAddress(address), address).toBe(inV6(n));
      }
  });

  it("judges IPv4-mapped and NAT64 addresses by the IPv4 address inside", () => {
    for (const [wrap, inside, expected] of [
      ["::ffff:", "8.8.4.4", false],
      ["::ffff:", "127.0.0.1", true],
      ["64:ff9b::", "9.9.9.9", false],
      ["64:ff9b::", "127.0.0.1", true],
      ["64:ff9b::", "169.254.169.254", true],
    ] as const)
      expect(isPrivateAddress(`${wrap}${inside}`), `${wrap}${inside}`).toBe(expected);
    expect(isPrivateAddress("64:ff9b:1::808:808")).toBe(true); // local-use NAT64: refused whole
  });

  it("reads brackets and zone ids, and refuses anything that is not an address", () => {
    expect(isPrivateAddress("[::1]")).toBe(true);
    expect(isPrivateAddress("fe80::1%eth0")).toBe(true);
    expect(isPrivateAddress("2606:4700:4700::1111")).toBe(false);
    for (const notAnAddress of ["localhost", "", "127.0.0.1.", "example.org"])
      expect(isPrivateAddress(notAnAddress), notAnAddress).toBe(true);
  });
});
