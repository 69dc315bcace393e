/**
 * ISO-8601 UTC with milliseconds ("2026-11-20T17:03:12.345Z"), the one timestamp format of the
 * generated fulfillments. Date#toISOString costs over a microsecond and a busy day formats tens
 * of thousands of instants, all within two calendar days: the date part is cached, the time part
 * is assembled from lookup tables.
 */
const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
const DAY = 86_400_000;

let cachedDay = Number.NaN;
let cachedPrefix = "";

export function isoUtc(ms: number): string {
  const t = Math.floor(ms);
  const day = Math.floor(t / DAY);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedPrefix = new Date(day * DAY).toISOString().slice(0, 11);
  }
  let rest = t - day * DAY;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${cachedPrefix}${PAD2[h]}:${PAD2[m]}:${PAD2[s]}.${PAD3[rest - s * 1000]}Z`;
}
