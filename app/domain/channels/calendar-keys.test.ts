import { describe, expect, it } from "vitest";
import { nextSpot } from "./calendar-keys";

// Two weeks: day 2 has two posts, day 9 one.
const entries = [0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0];

describe("the calendar's keys", () => {
  it("move between days left and right, a week up and down", () => {
    expect(nextSpot({ day: 3, entry: -1 }, "ArrowRight", entries)).toEqual({ day: 4, entry: -1 });
    expect(nextSpot({ day: 3, entry: -1 }, "ArrowLeft", entries)).toEqual({ day: 2, entry: -1 });
    expect(nextSpot({ day: 3, entry: -1 }, "ArrowDown", entries)).toEqual({ day: 10, entry: -1 });
    expect(nextSpot({ day: 10, entry: -1 }, "ArrowUp", entries)).toEqual({ day: 3, entry: -1 });
    expect(nextSpot({ day: 0, entry: -1 }, "ArrowLeft", entries)).toBeNull();
    expect(nextSpot({ day: 13, entry: -1 }, "ArrowRight", entries)).toBeNull();
  });

  it("go down into a day's posts and among them, and up back to the day", () => {
    expect(nextSpot({ day: 2, entry: -1 }, "ArrowDown", entries)).toEqual({ day: 2, entry: 0 });
    expect(nextSpot({ day: 2, entry: 0 }, "ArrowDown", entries)).toEqual({ day: 2, entry: 1 });
    expect(nextSpot({ day: 2, entry: 1 }, "ArrowDown", entries)).toEqual({ day: 9, entry: -1 });
    expect(nextSpot({ day: 9, entry: -1 }, "ArrowUp", entries)).toEqual({ day: 2, entry: 1 });
    expect(nextSpot({ day: 2, entry: 0 }, "ArrowUp", entries)).toEqual({ day: 2, entry: -1 });
    expect(nextSpot({ day: 2, entry: 1 }, "ArrowRight", entries)).toEqual({ day: 3, entry: -1 });
    expect(nextSpot({ day: 2, entry: -1 }, "Enter", entries)).toEqual({ day: 2, entry: 0 });
    expect(nextSpot({ day: 2, entry: 0 }, "Enter", entries)).toBeNull();
  });

  it("Home and End go to the ends of the week", () => {
    expect(nextSpot({ day: 9, entry: 0 }, "Home", entries)).toEqual({ day: 7, entry: -1 });
    expect(nextSpot({ day: 9, entry: -1 }, "End", entries)).toEqual({ day: 13, entry: -1 });
  });
});
