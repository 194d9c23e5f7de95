import { describe, expect, it } from "vitest";
import { listeningLine } from "./listening-line";

describe("listeningLine", () => {
  it("names the address and the Node the server runs on", () => {
    expect(listeningLine("http://localhost:3000")).toContain(`Node ${process.version}`);
    expect(listeningLine("http://localhost:3000")).toContain("http://localhost:3000");
  });
});
