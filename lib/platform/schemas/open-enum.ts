import { z } from "zod";

/**
 * Open enumerations. The real service adds enum values without a new API version (the
 * configuration API's unitOfMeasure grew from 5 to 14 values between published versions), so a
 * value we do not know must never reject a record or a page: it is kept verbatim and shown as
 * itself. The known values stay in the type, so editors still complete them and a word table can
 * be keyed by them.
 *
 * This module builds no schema at load time, so browser code that imports only `knownEntry` (the
 * word tables of stations and menu) does not pull the contract's schemas into its bundle.
 */

/** A known value, or any other string the service sends (`string & {}` keeps the literals visible). */
export type OpenEnum<Known extends string> = Known | (string & {});

/** A schema accepting any string, typed as the known values plus "anything else". */
export function openEnum<const Known extends readonly [string, ...string[]]>(
  known: Known,
): z.ZodType<OpenEnum<Known[number]>> {
  return z
    .string()
    .describe(`One of ${known.join(", ")}, or a value added to the service since.`) as z.ZodType<
    OpenEnum<Known[number]>
  >;
}

/** Narrows a value to the known ones. */
export function isKnownValue<Known extends string>(
  known: readonly Known[],
  value: string | null | undefined,
): value is Known {
  return value != null && (known as readonly string[]).includes(value);
}

/**
 * The entry of a word table keyed by known values, or undefined for any other value. Own keys
 * only: an unknown value such as "constructor" must not find Object.prototype's function.
 */
export function knownEntry<Known extends string, V>(
  table: Readonly<Record<Known, V>>,
  value: string,
): V | undefined {
  return Object.hasOwn(table, value) ? table[value as Known] : undefined;
}
