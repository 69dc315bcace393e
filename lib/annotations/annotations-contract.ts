import { z } from "zod";

import { isBusinessDate } from "@/lib/business-date/business-date";

/**
 * What changed, on the chart: the annotations of a restaurant's dates, as the API and the Kitchen
 * page read them. A "note" is a manager's own words; every other kind is a marker the app found
 * itself: in the configuration (a prep station, its routing, the menu, the schedule: read once a
 * business date and compared with the last read) or in the stored days (a menu item first or last
 * sold). Browser-safe: no server import.
 */
export const ANNOTATION_KINDS = [
  "note",
  "prep-station",
  "routing",
  "menu",
  "item-first-sold",
  "item-last-sold",
  "schedule",
] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/** The longest note, in characters (the table's CHECK says the same). */
export const NOTE_MAX_CHARS = 280;

export interface Annotation {
  /** A stored annotation's id (notes and configuration markers); null for an item marker, read from the days. */
  id: string | null;
  /** The business date, YYYYMMDD. */
  date: string;
  kind: AnnotationKind;
  text: string;
  /** Who wrote a note (its author's e-mail); absent for a marker the app found. */
  by?: string;
}

/** GET /api/restaurants/[guid]/annotations: the range's annotations, date order, and whether the session may write notes. */
export interface AnnotationsResponse {
  restaurantGuid: string;
  from: string;
  to: string;
  annotations: Annotation[];
  mayEdit: boolean;
}

const date = (name: string) =>
  z
    .string({ message: `${name} must be a business date written YYYYMMDD (for example 20250301)` })
    .refine(isBusinessDate, {
      message: `${name} must be a business date written YYYYMMDD (for example 20250301)`,
    });

const noteText = z
  .string({ message: `text must be a string of 1 to ${NOTE_MAX_CHARS} characters` })
  .trim()
  .min(1, { message: "text must not be empty" })
  .max(NOTE_MAX_CHARS, { message: `text must be at most ${NOTE_MAX_CHARS} characters` });

/** GET …/annotations and …/kitchen/annotations.csv: both dates included. */
export const annotationsQuerySchema = z
  .object({ from: date("from"), to: date("to") })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });

/** POST …/annotations: a note on a date. A key it does not know is refused, not dropped. */
export const noteCreateSchema = z.strictObject({ date: date("date"), text: noteText });
export type NoteCreate = z.infer<typeof noteCreateSchema>;

/** PATCH …/annotations/[id]: a note's new words (its date stays: delete and write again to move it). */
export const noteUpdateSchema = z.strictObject({ text: noteText });

/** The [id] of …/annotations/[id]: a stored annotation's number. */
export const annotationIdParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,15}$/, { message: "id must be an annotation's number" }),
});
