import { type NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { reachableUrls } from "./addresses.js";

const entry = (address: string, family: "IPv4" | "IPv6", internal = false): NetworkInterfaceInfo =>
  ({
    address,
    family,
    internal,
    netmask: "",
    mac: "",
    cidr: null,
    ...(family === "IPv6" ? { scopeid: 0 } : {}),
  }) as NetworkInterfaceInfo;

const machine = {
  lo: [entry("127.0.0.1", "IPv4", true), entry("::1", "IPv6", true)],
  eth0: [entry("192.168.1.20", "IPv4"), entry("2001:db8::20", "IPv6"), entry("fe80::1", "IPv6")],
};

describe("reachableUrls", () => {
  it("lists the machine's outside IPv4 addresses when listening on every IPv4 interface", () => {
    expect(reachableUrls("0.0.0.0", 3000, machine)).toEqual(["http://192.168.1.20:3000/"]);
  });

  it("adds routable IPv6 addresses, bracketed, when listening on both stacks", () => {
    expect(reachableUrls("::", 3000, machine)).toEqual([
      "http://192.168.1.20:3000/",
      "http://[2001:db8::20]:3000/",
    ]);
  });

  it("gives the one address listened on otherwise", () => {
    expect(reachableUrls("10.0.0.7", 8080, machine)).toEqual(["http://10.0.0.7:8080/"]);
  });
});
