import { rngFor } from "./rng";

/**
 * Where food waits (issue 36), planted so pass_wait and ticket_spread have something to show:
 *
 * - The pass backs up at peak: when a quarter hour is busier than PASS_BACKUP.fromLoad of the
 *   day's rush, the expediter takes up to PASS_BACKUP.maxMinutes longer to send each plate
 *   (linearly more up to the rush itself). The expediter's (and so the second expediter's)
 *   fulfilment moves later; the stations' do not.
 * - Stations out of sync: in TICKET_LAG.share of the tickets that go to two stations or more, one
 *   of them (drawn per ticket) picks the ticket up late and finishes its part TICKET_LAG.minutes
 *   later than it would have.
 *
 * Each draws from a stream of its own (per day for the pass, per ticket for the lag), and the pass
 * draws for every plate whether it backs up or not: every other timing of every record stays what
 * it was, and an open day's records are its closed day's, draw for draw.
 */
export const PASS_BACKUP = { fromLoad: 0.7, maxMinutes: 4 } as const;
export const TICKET_LAG = { share: 0.15, minutes: [3, 8] as const };

const MINUTE = 60_000;

/** The day's pass: per plate, the extra milliseconds the expediter takes at a quarter hour of `load` (0-1 of the rush). */
export function passBackup(seedParts: readonly (string | number)[]): (load: number) => number {
  const rng = rngFor(...seedParts, "pass-backup");
  return (load) => {
    const drawn = rng.range(0.25, 1);
    if (load <= PASS_BACKUP.fromLoad) return 0;
    const busy = (load - PASS_BACKUP.fromLoad) / (1 - PASS_BACKUP.fromLoad);
    return Math.round(busy * drawn * PASS_BACKUP.maxMinutes * MINUTE);
  };
}

/** What the lag reads of a ticket: its GUID and the stations its items are cooked at. */
interface LagTicket {
  ticketGuid: string;
  items: readonly { steps: readonly { station: { guid: string; expoRouting?: string | null } }[] }[];
}

/**
 * The day's lagging stations: `lag(ticket, station)` is the milliseconds `station`'s part of the
 * ticket finishes late (0 for every station of most tickets). Only the stations that record at
 * level 0 (not EXPO_ONLY ones, which never see the ticket) take part.
 */
export function ticketLag(
  seedParts: readonly (string | number)[],
): (ticket: LagTicket, station: string) => number {
  const chosen = new Map<string, { station: string | null; ms: number }>();
  return (ticket, station) => {
    let c = chosen.get(ticket.ticketGuid);
    if (!c) {
      const stations = [
        ...new Set(
          ticket.items.flatMap((i) =>
            i.steps.filter((s) => s.station.expoRouting !== "EXPO_ONLY").map((s) => s.station.guid),
          ),
        ),
      ];
      const rng = rngFor(...seedParts, "ticket-lag", ticket.ticketGuid);
      const lags = stations.length >= 2 && rng.chance(TICKET_LAG.share);
      const [least, most] = TICKET_LAG.minutes;
      c = lags
        ? { station: rng.pick(stations), ms: rng.int(least * 60, most * 60) * 1000 }
        : { station: null, ms: 0 };
      chosen.set(ticket.ticketGuid, c);
    }
    return c.station === station ? c.ms : 0;
  };
}
