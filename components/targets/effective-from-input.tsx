import { businessDateFromIso, businessDateToIso } from "@/lib/business-date/business-date";

/**
 * The date the editors' changes apply from (a business date, YYYYMMDD): today's business date at
 * the earliest, since the days already judged keep their targets.
 */
export function EffectiveFromInput({
  earliest,
  value,
  onChange,
}: {
  earliest: string;
  value: string;
  onChange: (date: string | undefined) => void;
}) {
  return (
    <label>
      Changes apply from{" "}
      <input
        className="input"
        type="date"
        name="effectiveFrom"
        min={businessDateToIso(earliest)}
        value={businessDateToIso(value)}
        onChange={(e) => onChange(businessDateFromIso(e.target.value) ?? undefined)}
      />
    </label>
  );
}
