/**
 * Channels: how the guest's order reached the kitchen, from the record's dining option and the
 * configuration's DiningOption flags. The Platform has three behaviors (DINE_IN, TAKE_OUT,
 * DELIVERY) and flags a take-out option as curbside or drive-thru; a kitchen's targets differ per
 * channel (a drive-thru ticket is due in minutes), so the flags are kept apart from take-out.
 *
 * The rule: an option flagged driveThru is `drive-thru`, else flagged curbside is `curbside` (the
 * flags win over the behavior: the configuration says how the food leaves); otherwise the behavior
 * names it (dine-in, take-out, delivery), a behavior the contract does not list (a future CATERING)
 * as itself, and no dining option at all (or one without a behavior) as none (null, `(none)` in a
 * filter). A flag left out or null reads false.
 *
 * The flags are read from the configuration when a day is fetched and kept with it
 * (DayParts.diningChannels), as its services are: a later change of the configuration does not
 * move a stored day's records between channels.
 *
 * The cubes keep one dimension for both: a cell's "dining key" is the record's behavior when its
 * channel is the behavior's own, else the behavior and the channel joined by "/" (TAKE_OUT/drive-thru).
 * The behavior filter and breakdown read the part before the "/", so they answer as before.
 */

export const CHANNELS = ["dine-in", "take-out", "curbside", "drive-thru", "delivery"] as const;

const BY_BEHAVIOR: Readonly<Record<string, string>> = {
  DINE_IN: "dine-in",
  TAKE_OUT: "take-out",
  DELIVERY: "delivery",
};

/** A configured option that the flags send to a channel its behavior does not name. */
export interface DiningChannel {
  guid: string;
  channel: string;
}

export interface DiningOptionFlags {
  guid?: string | null;
  behavior?: string | null;
  curbside?: boolean | null;
  driveThru?: boolean | null;
}

/** The channel a behavior names by itself: an unknown behavior is its own channel; none is null. */
export function channelOfBehavior(behavior: string | null): string | null {
  if (behavior === null || behavior === "") return null;
  return BY_BEHAVIOR[behavior] ?? behavior;
}

/** A configured dining option's channel (flags first, then its behavior). */
export function channelOfOption(option: DiningOptionFlags): string | null {
  if (option.driveThru === true) return "drive-thru";
  if (option.curbside === true) return "curbside";
  return channelOfBehavior(option.behavior ?? null);
}

/** What a day keeps of the configuration: the options whose flags move them off their behavior's channel. */
export function diningChannelsOf(options: readonly DiningOptionFlags[]): DiningChannel[] {
  const out: DiningChannel[] = [];
  for (const o of options) {
    if (!o.guid) continue;
    const channel = channelOfOption(o);
    if (channel !== null && channel !== channelOfBehavior(o.behavior ?? null))
      out.push({ guid: o.guid, channel });
  }
  return out.sort((a, b) => (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0));
}

const SEPARATOR = "/";

/** A record's dining key (see above) from its behavior and the channel its option was given. */
export function diningKey(behavior: string | null, channel: string | null): string | null {
  if (channel === channelOfBehavior(behavior)) return behavior;
  return `${behavior ?? ""}${SEPARATOR}${channel ?? ""}`;
}

/** A resolver of records' dining keys for one day's snapshot of the flagged options. */
export function diningKeyResolver(
  channels: readonly DiningChannel[] | undefined,
): (guid: string | null | undefined, behavior: string | null | undefined) => string | null {
  const byGuid = new Map((channels ?? []).map((c) => [c.guid.toLowerCase(), c.channel]));
  return (guid, behavior) => {
    const b = behavior ?? null;
    if (byGuid.size === 0 || !guid) return b;
    const channel = byGuid.get(guid.toLowerCase());
    return channel === undefined ? b : diningKey(b, channel);
  };
}

/** The behavior part of a dining key (what the `behavior=` filter and breakdown read). */
export function behaviorOfKey(key: string | null): string | null {
  if (key === null) return null;
  const at = key.indexOf(SEPARATOR);
  if (at < 0) return key;
  return at === 0 ? null : key.slice(0, at);
}

/** The channel of a dining key. */
export function channelOfKey(key: string | null): string | null {
  if (key === null) return null;
  const at = key.indexOf(SEPARATOR);
  if (at < 0) return channelOfBehavior(key);
  return key.slice(at + 1) || null;
}

/**
 * Which of a day's dining keys pass the `behavior=` and `channel=` filters (`(none)`: no behavior,
 * no channel): a mask by local id, or null when neither is asked.
 */
export function diningMask(
  keys: readonly (string | null)[],
  behavior: string | undefined,
  channel: string | undefined,
  none: string,
): Uint8Array | null {
  if (behavior === undefined && channel === undefined) return null;
  const wantBehavior = behavior === none ? null : behavior;
  const wantChannel = channel === none ? null : channel;
  return Uint8Array.from(keys, (k) =>
    (behavior === undefined || behaviorOfKey(k) === wantBehavior) &&
    (channel === undefined || channelOfKey(k) === wantChannel)
      ? 1
      : 0,
  );
}
