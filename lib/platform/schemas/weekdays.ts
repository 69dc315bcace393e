/**
 * The weekdays of a restaurant's weekSchedule, in its order. In a file without zod, so the
 * browser code that lays out a schedule (the Info page, the Overview) does not carry zod.
 */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
