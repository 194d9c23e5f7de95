import { expect, it } from "vitest";
import { wakeHere } from "~/db/wake.server";
import { startJobLoop } from "./job-loop.server";

const settle = () => new Promise((r) => setTimeout(r, 30));

it("runs a pass, sleeps until its due time or the job's nudge, and stops", async () => {
  let passes = 0;
  const loop = startJobLoop("retention", { minMs: 60_000, maxMs: 60_000, version: () => 0 }, async () => {
    passes++;
    return passes === 2 ? new Date(Date.now() + 40) : null;
  });
  await settle();
  expect(passes).toBe(1); // nothing due: it sleeps
  wakeHere("retention");
  await settle();
  expect(passes).toBe(2);
  await new Promise((r) => setTimeout(r, 80));
  expect(passes).toBe(3); // its due time came
  loop.stop();
  await settle();
  wakeHere("retention");
  await settle();
  expect(passes).toBe(3);
});
