import { describe, expect, it } from "vitest";

import {
  behaviorOfKey,
  channelOfKey,
  channelOfOption,
  diningChannelsOf,
  diningKeyResolver,
  diningMask,
} from "./channels";

const DRIVE = "6f0c2a1e-0000-4000-8000-00000000000d";
const CURB = "6f0c2a1e-0000-4000-8000-00000000000c";
const PLAIN = "6f0c2a1e-0000-4000-8000-00000000000a";

describe("channelOfOption", () => {
  it("names the three behaviors, keeps an unknown one as itself and a missing one as none", () => {
    expect(channelOfOption({ behavior: "DINE_IN" })).toBe("dine-in");
    expect(channelOfOption({ behavior: "TAKE_OUT", curbside: false, driveThru: false })).toBe("take-out");
    expect(channelOfOption({ behavior: "DELIVERY" })).toBe("delivery");
    expect(channelOfOption({ behavior: "CATERING" })).toBe("CATERING");
    expect(channelOfOption({ behavior: null })).toBeNull();
    expect(channelOfOption({})).toBeNull();
  });

  it("lets the drive-thru flag win over curbside, and either flag over the behavior; null flags read false", () => {
    expect(channelOfOption({ behavior: "TAKE_OUT", driveThru: true, curbside: true })).toBe("drive-thru");
    expect(channelOfOption({ behavior: "TAKE_OUT", curbside: true })).toBe("curbside");
    expect(channelOfOption({ behavior: "DELIVERY", curbside: true })).toBe("curbside");
    expect(channelOfOption({ behavior: "TAKE_OUT", curbside: null, driveThru: null })).toBe("take-out");
  });
});

describe("dining keys", () => {
  const snapshot = diningChannelsOf([
    { guid: PLAIN, behavior: "TAKE_OUT", curbside: false, driveThru: false },
    { guid: DRIVE, behavior: "TAKE_OUT", driveThru: true },
    { guid: CURB, behavior: "TAKE_OUT", curbside: true },
    { guid: null, behavior: "TAKE_OUT", curbside: true },
  ]);
  const keyOf = diningKeyResolver(snapshot);

  it("keeps only the options a flag moves off their behavior's channel", () => {
    expect(snapshot).toEqual([
      { guid: CURB, channel: "curbside" },
      { guid: DRIVE, channel: "drive-thru" },
    ]);
  });

  it("gives a flagged option's record behavior and channel, every other record its behavior", () => {
    expect(keyOf(DRIVE.toUpperCase(), "TAKE_OUT")).toBe("TAKE_OUT/drive-thru");
    expect(keyOf(CURB, "TAKE_OUT")).toBe("TAKE_OUT/curbside");
    expect(keyOf(PLAIN, "TAKE_OUT")).toBe("TAKE_OUT");
    // An option the snapshot does not know (added since, or deleted): its behavior names it.
    expect(keyOf("another", "DINE_IN")).toBe("DINE_IN");
    expect(keyOf(undefined, undefined)).toBeNull();
    // A flagged option on a record that lost its behavior keeps the channel.
    expect(keyOf(DRIVE, null)).toBe("/drive-thru");
    // No snapshot (a day stored before channels, or the configuration unread): behaviors only.
    expect(diningKeyResolver(undefined)(DRIVE, "TAKE_OUT")).toBe("TAKE_OUT");
  });

  it("reads each key back as its behavior and its channel", () => {
    const cases: [string | null, string | null, string | null][] = [
      ["TAKE_OUT/drive-thru", "TAKE_OUT", "drive-thru"],
      ["TAKE_OUT/curbside", "TAKE_OUT", "curbside"],
      ["TAKE_OUT", "TAKE_OUT", "take-out"],
      ["DINE_IN", "DINE_IN", "dine-in"],
      ["DELIVERY", "DELIVERY", "delivery"],
      ["CATERING", "CATERING", "CATERING"],
      ["/drive-thru", null, "drive-thru"],
      [null, null, null],
    ];
    for (const [key, behavior, channel] of cases) {
      expect(behaviorOfKey(key), String(key)).toBe(behavior);
      expect(channelOfKey(key), String(key)).toBe(channel);
    }
  });

  it("filters keys by behavior, by channel and by both; (none) is no dining option", () => {
    const keys = ["TAKE_OUT", "TAKE_OUT/drive-thru", "DINE_IN", null, "CATERING"];
    expect(diningMask(keys, undefined, undefined, "(none)")).toBeNull();
    expect([...diningMask(keys, "TAKE_OUT", undefined, "(none)")!]).toEqual([1, 1, 0, 0, 0]);
    expect([...diningMask(keys, undefined, "drive-thru", "(none)")!]).toEqual([0, 1, 0, 0, 0]);
    expect([...diningMask(keys, undefined, "take-out", "(none)")!]).toEqual([1, 0, 0, 0, 0]);
    expect([...diningMask(keys, "DINE_IN", "drive-thru", "(none)")!]).toEqual([0, 0, 0, 0, 0]);
    expect([...diningMask(keys, undefined, "(none)", "(none)")!]).toEqual([0, 0, 0, 1, 0]);
    expect([...diningMask(keys, undefined, "CATERING", "(none)")!]).toEqual([0, 0, 0, 0, 1]);
  });
});
