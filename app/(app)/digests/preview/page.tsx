import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";

import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/access/page-access";
import { addBusinessDays, isBusinessDate } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { digestSubject, levelLine, periodWords } from "@/lib/digests/digest-mail";
import { previewDigest } from "@/lib/digests/digest-server";
import { InvalidInputError } from "@/lib/errors/invalid-input-error";

export const metadata: Metadata = { title: "Digest" };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Which digest to show: a date (yesterday, UTC, to start with) and daily or weekly. */
function DigestDateForm({ kind }: { kind: "daily" | "weekly" }) {
  const yesterday = addBusinessDays(currentBusinessDate({ timeZone: "UTC", closeoutHour: 0 }), -1);
  return (
    <>
      <PageHeader title="Digest" subtitle="The morning digest as it is mailed to you" />
      <form method="get">
        <label>
          Business date (YYYYMMDD; a weekly digest&apos;s Sunday){" "}
          <input name="date" defaultValue={yesterday} pattern={"\\d{8}"} required />
        </label>{" "}
        <label>
          Kind{" "}
          <select name="kind" defaultValue={kind}>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
          </select>
        </label>{" "}
        <button type="submit" className="button">
          Show
        </button>
      </form>
    </>
  );
}

/**
 * The morning digest as the signed-in person's mail carries it (lib/digests), for `?date=YYYYMMDD`
 * and `&kind=weekly` (a week ending on that Sunday); without a date, a form to ask for one.
 */
export default async function DigestPreviewPage({ searchParams }: Props) {
  const session = await requireSession();
  const params = await searchParams;
  const asked = one(params.date);
  const kind = one(params.kind) === "weekly" ? "weekly" : "daily";
  // Nothing is computed until a date is asked: reading 9 periods of days is the work of a request that wants it.
  if (!asked || !isBusinessDate(asked)) return <DigestDateForm kind={kind} />;
  const date = asked;
  const h = await headers();
  const origin = `${h.get("x-forwarded-proto") ?? "http"}://${h.get("host") ?? "localhost"}`;
  let digest;
  try {
    digest = await previewDigest(session, kind, date, origin);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return (
      <>
        <PageHeader title="Digest" subtitle={date} />
        <p role="alert">{error.message}</p>
      </>
    );
  }
  if (!digest) return <PageHeader title="Digest" subtitle="Only an active person has a digest." />;
  return (
    <>
      <PageHeader
        title={digestSubject(digest)}
        subtitle={`Against the median of the previous 8 weeks: ${periodWords(digest)}`}
      />
      <p>
        Choose whether it is mailed to you (daily, weekly or off) on{" "}
        <Link href="/account">your account page</Link>.
      </p>
      {digest.exceptions.length > 0 && (
        <section aria-labelledby="exceptions-heading">
          <h2 id="exceptions-heading">The largest changes</h2>
          <ul>
            {digest.exceptions.map((e) => (
              <li key={e.link}>
                <a href={e.link}>{e.sentence}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {digest.restaurants.map((r) => (
        <section key={r.guid} aria-label={r.name}>
          <h2>
            <a href={r.link}>{r.name}</a>
          </h2>
          {r.status !== "ready" ? (
            <p>
              {r.status === "not_closed"
                ? "The day has not closed there yet."
                : "Its figures are still being read."}
            </p>
          ) : r.levels.length === 0 ? (
            <p>No records.</p>
          ) : (
            <ul>
              {r.levels.map((l) => (
                <li key={l.level}>
                  <a href={l.link}>{levelLine(l)}</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
