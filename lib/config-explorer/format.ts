/**
 * Number formats of the configuration explorer. The contract's amounts are USD (2.8 ServiceCharge);
 * percentages come two ways: discounts and service charges as 0-100, tax rates as fractions
 * (0.0625 is 6.25%).
 */
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

export function formatMoney(value: number): string {
  return money.format(value);
}

/** 12.5 -> "12.5%". */
export function formatPercent(value: number): string {
  return `${plain.format(value)}%`;
}

/** 0.0625 -> "6.25%". Rounded to 4 decimals of a percent, so float noise (6.250000001) disappears. */
export function formatFraction(value: number): string {
  return formatPercent(Math.round(value * 100 * 1e4) / 1e4);
}

export function formatNumber(value: number): string {
  return plain.format(value);
}

/** 90 -> "1 h 30 min". */
export function formatDurationMinutes(value: number): string {
  const h = Math.floor(value / 60);
  const m = value % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export function yesNo(value: boolean): string {
  return value ? "Yes" : "No";
}
