"use client";

import { useQuery } from "@tanstack/react-query";

import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { businessDateWeekday } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { restaurantInfoQuery } from "@/lib/queries/restaurants";
import type { RestaurantProfile } from "@/lib/restaurants/restaurant-profile";
import { formatTimeOfDay, weekdayOf } from "@/lib/restaurants/schedule";

import { Fact, Facts, YesNo } from "./facts";
import styles from "./info.module.css";
import { SafeLink } from "./safe-link";
import { WeekSchedule } from "./week-schedule";

function money(amount: number | null, currency: string | null): string | null {
  if (amount === null) return null;
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency || "USD" }).format(amount);
  } catch {
    return `${amount} ${currency ?? ""}`.trim();
  }
}

/** Today's weekday at the restaurant (its business date: before closeout, still yesterday's). */
function today({ timeZone, closeoutHour }: RestaurantProfile["identity"]) {
  if (!timeZone) return undefined;
  try {
    return weekdayOf(
      businessDateWeekday(currentBusinessDate({ timeZone, closeoutHour: closeoutHour ?? 0 }, Date.now())),
    );
  } catch {
    return undefined;
  }
}

function mapUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** Everything RestaurantInfo (2.7) says, for people, as the restaurant profile reshapes it. */
export function InfoView({ guid }: { guid: string }) {
  const query = useQuery(restaurantInfoQuery(guid));
  if (query.isPending) return <LoadingState label="Loading restaurant information…" />;
  if (query.isError) {
    return (
      <ErrorState
        title="Restaurant information could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const profile = query.data;
  const { identity } = profile;

  return (
    <>
      <PageHeader
        eyebrow="Restaurant information"
        title={identity.name ?? profile.guid}
        subtitle={[identity.locationName, identity.description].filter(Boolean).join(" · ") || undefined}
      />
      <div className={styles.grid}>
        <IdentityFacts profile={profile} />
        <AddressFacts address={profile.address} />
        <LinkFacts links={profile.links} />
      </div>

      <section className={`card ${styles.section} ${styles.wide}`} aria-labelledby="schedule-heading">
        <h2 id="schedule-heading">Week schedule</h2>
        <p className={styles.muted}>
          Each day’s schedule and its services. Times are the restaurant’s local time (
          {identity.timeZone ?? "zone unknown"}).
        </p>
        <WeekSchedule week={profile.week} today={today(identity)} />
      </section>

      <div className={styles.grid}>
        <OrderingFacts profile={profile} />
        <PaymentOptions options={profile.paymentOptions} />
        <PrepTimes times={profile.prepTimes} />
      </div>
    </>
  );
}

function IdentityFacts({ profile: { guid, identity } }: { profile: RestaurantProfile }) {
  return (
    <Facts title="Identity" id="identity">
      <Fact label="Name">{identity.name}</Fact>
      <Fact label="Location">{identity.locationName}</Fact>
      <Fact label="Location code">{identity.locationCode}</Fact>
      <Fact label="Description">{identity.description}</Fact>
      <Fact label="Status">{identity.archived ? "Archived" : "Active"}</Fact>
      <Fact label="Time zone">{identity.timeZone}</Fact>
      <Fact label="Closeout hour">
        {identity.closeoutHour !== null ? formatTimeOfDay(identity.closeoutHour * 60) : null}
      </Fact>
      <Fact label="First business date">{identity.firstOpened}</Fact>
      <Fact label="Currency">{identity.currencyCode}</Fact>
      <Fact label="Restaurant GUID">
        <span className="mono">{guid}</span>
      </Fact>
      <Fact label="Management group GUID">
        {identity.managementGroupGuid ? <span className="mono">{identity.managementGroupGuid}</span> : null}
      </Fact>
    </Facts>
  );
}

function AddressFacts({ address: { lines, phone, coordinates } }: { address: RestaurantProfile["address"] }) {
  return (
    <Facts title="Address" id="address">
      <Fact label="Address">
        {lines.length > 0 ? (
          <address className={styles.address}>
            {lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        ) : null}
      </Fact>
      <Fact label="Phone">{phone ? <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a> : null}</Fact>
      <Fact label="Map">
        {coordinates ? (
          <a
            href={mapUrl(coordinates.latitude, coordinates.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in OpenStreetMap ({coordinates.latitude.toFixed(4)}, {coordinates.longitude.toFixed(4)})
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </Fact>
    </Facts>
  );
}

function LinkFacts({ links }: { links: RestaurantProfile["links"] }) {
  return (
    <Facts title="Links" id="links">
      <Fact label="Website">
        <SafeLink href={links.website} />
      </Fact>
      <Fact label="Online ordering">
        <SafeLink href={links.orderOnline} />
      </Fact>
      <Fact label="Buy a gift card">
        <SafeLink href={links.purchaseGiftCard} />
      </Fact>
      <Fact label="Check a gift card">
        <SafeLink href={links.checkGiftCard} />
      </Fact>
      <Fact label="Facebook">
        <SafeLink href={links.facebook} />
      </Fact>
      <Fact label="Twitter">
        <SafeLink href={links.twitter} />
      </Fact>
    </Facts>
  );
}

function OrderingFacts({ profile: { delivery, onlineOrdering, identity } }: { profile: RestaurantProfile }) {
  return (
    <>
      <Facts title="Delivery" id="delivery">
        <Fact label="Delivery">
          <YesNo value={delivery.enabled} />
        </Fact>
        <Fact label="Minimum order">{money(delivery.minimum, identity.currencyCode)}</Fact>
        <Fact label="Area">{delivery.area}</Fact>
      </Facts>

      <Facts title="Online ordering" id="online-ordering">
        <Fact label="Online ordering">
          <YesNo value={onlineOrdering.enabled} />
        </Fact>
        <Fact label="Scheduled orders">
          <YesNo value={onlineOrdering.scheduling} />
        </Fact>
        <Fact label="Special requests">
          <YesNo value={onlineOrdering.specialRequests} />
        </Fact>
        <Fact label="Special requests message">{onlineOrdering.specialRequestsMessage}</Fact>
        <Fact label="Tip by card">
          <YesNo value={onlineOrdering.tipByCard} />
        </Fact>
      </Facts>
    </>
  );
}

function PaymentOptions({
  options: { delivery, takeout },
}: {
  options: RestaurantProfile["paymentOptions"];
}) {
  return (
    <section
      className={`card ${styles.section}`}
      aria-labelledby="payment-heading"
      data-testid="payment-options"
    >
      <h2 id="payment-heading">Payment options</h2>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Payment options for online orders</caption>
          <thead>
            <tr>
              <th scope="col">Option</th>
              <th scope="col">Delivery</th>
              <th scope="col">Takeout</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Cash</th>
              <td>
                <YesNo value={delivery.cash} />
              </td>
              <td>
                <YesNo value={takeout.cash} />
              </td>
            </tr>
            <tr>
              <th scope="row">Card, same day</th>
              <td>
                <YesNo value={delivery.ccSameDay} />
              </td>
              <td>
                <YesNo value={takeout.ccSameDay} />
              </td>
            </tr>
            <tr>
              <th scope="row">Card, future order</th>
              <td>
                <YesNo value={delivery.ccFuture} />
              </td>
              <td>
                <YesNo value={takeout.ccFuture} />
              </td>
            </tr>
            <tr>
              <th scope="row">Card in store</th>
              <td>
                <span className={styles.muted}>n/a</span>
              </td>
              <td>
                <YesNo value={takeout.ccInStore} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PrepTimes({ times }: { times: RestaurantProfile["prepTimes"] }) {
  return (
    <section className={`card ${styles.section}`} aria-labelledby="prep-heading" data-testid="prep-times">
      <h2 id="prep-heading">Prep times</h2>
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">Prep times</caption>
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col" className="numeric">
                Delivery
              </th>
              <th scope="col" className="numeric">
                Takeout
              </th>
            </tr>
          </thead>
          <tbody>
            <PrepRow label="Prep time" {...times.prepTime} />
            <PrepRow label="Time after open" {...times.timeAfterOpen} />
            <PrepRow label="Time before close" {...times.timeBeforeClose} />
            <PrepRow label="Throttling time" {...times.throttlingTime} />
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        Values as the Platform sends them; it does not state the unit (usually minutes).
      </p>
    </section>
  );
}

function PrepRow({
  label,
  delivery,
  takeout,
}: {
  label: string;
  delivery: number | null;
  takeout: number | null;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="numeric">{delivery ?? "—"}</td>
      <td className="numeric">{takeout ?? "—"}</td>
    </tr>
  );
}
