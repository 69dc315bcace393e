const known = new Map<string, boolean>();

/** Whether the runtime knows the IANA time zone name (the Platform may send one it does not). */
export function isValidTimeZone(timeZone: string): boolean {
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(timeZone, ok);
  }
  return ok;
}
