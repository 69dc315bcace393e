import { formatDuration } from "./format";

/**
 * Target times as the editors show and read them: minutes, to a tenth, typed with a point or a
 * comma. The API holds whole seconds from 1 to 86,400 (lib/kitchen/contract/params.ts); an
 * editor takes 0.1 to 1,440 minutes, so whatever passes here the API accepts.
 */
export const TARGET_MINUTES = { min: 0.1, max: 1440, step: 0.5 } as const;

/** What an editor says after the row's name when a value is refused. */
export const TARGET_MINUTES_HINT = `enter minutes between ${TARGET_MINUTES.min} and ${TARGET_MINUTES.max}.`;

/** 450 -> 7.5: the value an input shows for a target. */
export const targetMinutesOf = (seconds: number): number => Math.round((seconds / 60) * 10) / 10;

/**
 * "7,5" -> 450 seconds; null when the text is not a number of minutes in range (empty text too:
 * an editor that allows a blank row decides so before asking).
 */
export function targetSecondsFrom(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const minutes = Number(trimmed.replace(",", "."));
  if (!Number.isFinite(minutes) || minutes < TARGET_MINUTES.min || minutes > TARGET_MINUTES.max) return null;
  return Math.round(minutes * 60);
}

/**
 * Every level's target from a form whose inputs are named `fieldName(level)`: the level editors
 * (item and ticket targets) send them all at once. A refusal names the first level out of range.
 */
export function levelTargetsFrom<L extends number>(
  data: FormData,
  levels: readonly L[],
  fieldName: (level: L) => string,
): { input: { level: L; seconds: number }[] } | { refusal: string } {
  const input: { level: L; seconds: number }[] = [];
  for (const level of levels) {
    const seconds = targetSecondsFrom(String(data.get(fieldName(level)) ?? ""));
    if (seconds === null) return { refusal: `Level ${level}: ${TARGET_MINUTES_HINT}` };
    input.push({ level, seconds });
  }
  return { input };
}

/** "level 0 7m 30s, level 1 12m (default)": the saved targets of the levels shown, for a status line. */
export function savedLevelTargets(
  saved: readonly { level: number; seconds: number; isDefault: boolean }[],
  levels: readonly number[],
): string {
  return saved
    .filter((t) => levels.includes(t.level))
    .map((t) => `level ${t.level} ${formatDuration(t.seconds)}${t.isDefault ? " (default)" : ""}`)
    .join(", ");
}
