/**
 * Items left on screen: a record fulfilled more than `limit` minutes after its ticket fired was not
 * cooked for hours; someone forgot to bump it (it was bumped at closeout or the next morning). LS
 * Central calls records past 240 minutes outliers by default; KITCHEN_STUCK_MIN sets the limit here.
 *
 * The rule is on fire to fulfill whatever metric a view shows: a stuck record is left out of every
 * metric's figures (its start to fulfill and wait to start are as meaningless as its fire to
 * fulfill), and a ticket whose ticket time at a level is over the limit (it waited for a stuck item
 * there) is left out of that level's ticket times. A record without a fire or fulfill time is never
 * stuck: it already counts as an exclusion. Views leave them out by default and say how many
 * (`stuck=include` counts them), as the outlier cut (`maxMinutes`) does for the time shown.
 */
export const DEFAULT_STUCK_MINUTES = 240;

export const STUCK_CHOICES = ["exclude", "include"] as const;
export type StuckChoice = (typeof STUCK_CHOICES)[number];

/** Whether a record whose fire to fulfill took `fireToFulfillSeconds` (negative or null: none) is left on screen. */
export function isStuck(fireToFulfillSeconds: number | null, limitSeconds: number): boolean {
  return fireToFulfillSeconds !== null && fireToFulfillSeconds >= 0 && fireToFulfillSeconds > limitSeconds;
}

/** The limit in seconds the cubes' whole seconds compare with, or undefined when the view counts stuck records. */
export function stuckCutSeconds(choice: StuckChoice | undefined, limitMinutes: number): number | undefined {
  return choice === "include" ? undefined : limitMinutes * 60;
}
