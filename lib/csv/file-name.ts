// Its own module, without the CSV writer: the Kitchen page names its downloads at render, and an
// import of csv.ts would put csv-stringify (and the Buffer polyfill it needs) in the first load.

/** A filesystem- and header-safe file name: "Harbor Street Kitchen" -> "harbor-street-kitchen". */
export function csvFileName(...parts: string[]): string {
  const slug = parts
    .map((p) =>
      p
        .toLowerCase()
        .normalize("NFKD")
        // The accents NFKD split off, dropped rather than turned into a dash ("crème" -> "creme").
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, ""),
    )
    .filter(Boolean)
    .join("_");
  return `${slug || "export"}.csv`;
}
