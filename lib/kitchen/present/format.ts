/**
 * Number formatting for the kitchen pages. Durations arrive as whole seconds (the API rounds
 * half up); a manager reads "9m 05s" faster than "545 s", and tables keep the seconds column
 * for sorting and CSV.
 */
const EM_DASH = "—";

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return EM_DASH;
  const sign = seconds < 0 ? "−" : "";
  const total = Math.round(Math.abs(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${sign}${h}h ${String(m).padStart(2, "0")}m`;
  if (m > 0) return `${sign}${m}m ${String(s).padStart(2, "0")}s`;
  return `${sign}${s}s`;
}

/**
 * A count as en-US writes it: "1,234", "-56", "0.125": at most three decimals, rounded half away
 * from zero on the number's shortest decimal form, as `Intl.NumberFormat("en-US")` does. Written
 * out rather than asked of Intl: building the formatter when this module loaded was 150 ms of a
 * phone's start-up at 4× CPU (issue 16); a unit test holds it to Intl's output.
 */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EM_DASH;
  // No count comes near; String() would write it with an exponent.
  if (Math.abs(value) >= 1e21) return new Intl.NumberFormat("en-US").format(value);
  const negative = value < 0 || Object.is(value, -0);
  const magnitude = Math.abs(value);
  let whole = "0";
  let decimals = "";
  // Below half a thousandth it rounds to zero; String() would write it with an exponent.
  if (magnitude >= 0.0005) {
    const [int, fraction = ""] = String(magnitude).split(".") as [string, string?];
    if (fraction.length <= 3) [whole, decimals] = [int, fraction];
    else {
      const thousandths = (BigInt(int + fraction.slice(0, 3)) + (fraction[3]! >= "5" ? 1n : 0n))
        .toString()
        .padStart(4, "0");
      [whole, decimals] = [thousandths.slice(0, -3), thousandths.slice(-3)];
    }
  }
  decimals = decimals.replace(/0+$/, "");
  const text = `${whole.replace(/\B(?=(\d{3})+$)/g, ",")}${decimals ? `.${decimals}` : ""}`;
  return negative ? `-${text}` : text;
}

/** A share in 0..1 as a percentage with one decimal: 0.8734 -> "87.3%". */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return EM_DASH;
  return `${(share * 100).toFixed(1)}%`;
}

/** Which way is good for a figure: shorter times are better, a higher on-time share is better. */
export type Polarity = "lower-is-better" | "higher-is-better" | "neutral";

export interface Change {
  /** "+12s", "−3.1 pts", "+8.0%"; null when there is nothing to compare with. */
  text: string | null;
  direction: "up" | "down" | "flat" | "none";
  tone: "good" | "bad" | "neutral";
  /** Spelled out for screen readers and tooltips: "12s slower than the previous period". */
  description: string;
}

export type ChangeKind = "duration" | "share" | "count";

const NO_CHANGE: Change = {
  text: null,
  direction: "none",
  tone: "neutral",
  description: "no previous period to compare with",
};

export function formatChange(
  current: number | null | undefined,
  previous: number | null | undefined,
  kind: ChangeKind,
  polarity: Polarity,
): Change {
  if (current === null || current === undefined || previous === null || previous === undefined)
    return NO_CHANGE;
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return NO_CHANGE;
  const delta = current - previous;
  const direction = delta > 0 ? "up" : delta < 0 ? "down" : "flat";
  const tone =
    direction === "flat" || polarity === "neutral"
      ? "neutral"
      : (direction === "down") === (polarity === "lower-is-better")
        ? "good"
        : "bad";
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  if (kind === "duration") {
    const text = `${sign}${formatDuration(Math.abs(delta))}`;
    const word = delta > 0 ? "slower" : "faster";
    return {
      text,
      direction,
      tone,
      description:
        delta === 0
          ? "same as the previous period"
          : `${formatDuration(Math.abs(delta))} ${word} than the previous period`,
    };
  }
  if (kind === "share") {
    const points = Math.abs(delta * 100).toFixed(1);
    // Under half a tenth of a point the pill would read "−0.0 pts" in a colour: it is no change.
    if (points === "0.0")
      return {
        text: "±0.0 pts",
        direction: "flat",
        tone: "neutral",
        description: "same as the previous period",
      };
    return {
      text: `${sign}${points} pts`,
      direction,
      tone,
      description:
        delta === 0
          ? "same as the previous period"
          : `${points} percentage points ${delta > 0 ? "higher" : "lower"} than the previous period`,
    };
  }
  if (previous === 0) {
    return {
      text: `${sign}${formatCount(Math.abs(delta))}`,
      direction,
      tone,
      description: `${formatCount(Math.abs(delta))} ${delta >= 0 ? "more" : "fewer"} than the previous period`,
    };
  }
  const pct = Math.abs((delta / previous) * 100).toFixed(1);
  return {
    text: `${sign}${pct}%`,
    direction,
    tone,
    description:
      delta === 0
        ? "same as the previous period"
        : `${pct}% ${delta > 0 ? "more" : "fewer"} than the previous period`,
  };
}

/** Local hour of day as a label: 0 -> "12 AM", 13 -> "1 PM". */
export function formatHour(hour: number): string {
  const h = ((hour % 24) + 24) % 24;
  const suffix = h < 12 ? "AM" : "PM";
  const twelve = h % 12 === 0 ? 12 : h % 12;
  return `${twelve} ${suffix}`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time on the restaurant's clock, like every other time on its pages: "3:04:05 PM". One formatter
 * per zone, built on first use: `toLocaleTimeString` builds one per call, and a table of tickets
 * calls it three times a row.
 */
export function formatClockTime(date: Date, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      timeZone,
    });
    clockFormats.set(timeZone, format);
  }
  return format.format(date);
}
