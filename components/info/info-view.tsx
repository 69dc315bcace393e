"use client";

import { useQuery } from "@tanstack/react-query";
import type { RestaurantInfo } from "@/lib/platform/schemas";
import { restaurantInfoQuery } from "@/lib/queries/restaurants";
import { businessDateWeekday, isBusinessDate } from "@/lib/business-date/business-date";
import { currentBusinessDate } from "@/lib/business-date/closeout";
import { formatBusinessDate } from "@/lib/business-date/format";
import { formatTimeOfDay, weekdayOf } from "@/lib/restaurants/schedule";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { Fact, Facts, YesNo } from "./facts";
import { SafeLink } from "./safe-link";
import { WeekSchedule } from "./week-schedule";
import styles from "./info.module.css";

function money(amount: number | null | undefined, currency: string | null | undefined): string | null {
  if (amount === null || amount === undefined) return null;
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: currency || "USD" }).format(amount);
  } catch {
    return `${amount} ${currency ?? ""}`.trim();
  }
}

function firstBusinessDate(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return isBusinessDate(text) ? formatBusinessDate(text, "long") : text;
}

function today(info: RestaurantInfo) {
  const zone = info.general?.timeZone;
  if (!zone) return undefined;
  try {
    return weekdayOf(businessDateWeekday(currentBusinessDate({ timeZone: zone, closeoutHour: info.general?.closeoutHour ?? 0 }, Date.now())));
  } catch {
    return undefined;
  }
}

export function mapUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** Everything RestaurantInfo (2.7) says, for people. */
export function InfoView({ guid }: { guid: string }) {
  const query = useQuery(restaurantInfoQuery(guid));
  if (query.isPending) return <LoadingState label="Loading restaurant information…" />;
  if (query.isError) {
    return <ErrorState title="Restaurant information could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const info = query.data;
  const g = info.general ?? {};
  const loc = info.location ?? {};
  const urls = info.urls ?? {};
  const delivery = info.delivery ?? {};
  const ordering = info.onlineOrdering ?? {};
  const pay = ordering.paymentOptions ?? {};
  const prep = info.prepTimes ?? {};
  const cityLine = [loc.city, [loc.stateCode || loc.administrativeArea, loc.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const phone = [loc.phoneCountryCode ? `+${loc.phoneCountryCode.replace(/^\+/, "")}` : null, loc.phone].filter(Boolean).join(" ");
  const hasCoordinates = typeof loc.latitude === "number" && typeof loc.longitude === "number";

  return (
    <>
      <PageHeader
        eyebrow="Restaurant information"
        title={g.name ?? info.guid}
        subtitle={[g.locationName, g.description].filter(Boolean).join(" · ") || undefined}
      />
      <div className={styles.grid}>
        <Facts title="Identity" id="identity">
          <Fact label="Name">{g.name}</Fact>
          <Fact label="Location">{g.locationName}</Fact>
          <Fact label="Location code">{g.locationCode}</Fact>
          <Fact label="Description">{g.description}</Fact>
          <Fact label="Status">{g.archived ? "Archived" : "Active"}</Fact>
          <Fact label="Time zone">{g.timeZone}</Fact>
          <Fact label="Closeout hour">{typeof g.closeoutHour === "number" ? formatTimeOfDay(g.closeoutHour * 60) : null}</Fact>
          <Fact label="First business date">{firstBusinessDate(g.firstBusinessDate)}</Fact>
          <Fact label="Currency">{g.currencyCode}</Fact>
          <Fact label="Restaurant GUID">
            <span className="mono">{info.guid}</span>
          </Fact>
          <Fact label="Management group GUID">{g.managementGroupGuid ? <span className="mono">{g.managementGroupGuid}</span> : null}</Fact>
        </Facts>

        <Facts title="Address" id="address">
          <Fact label="Address">
            {loc.address1 || loc.address2 || cityLine || loc.country ? (
              <address className={styles.address}>
                {[loc.address1, loc.address2, cityLine, loc.country].filter(Boolean).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            ) : null}
          </Fact>
          <Fact label="Phone">{phone ? <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a> : null}</Fact>
          <Fact label="Map">
            {hasCoordinates ? (
              <a href={mapUrl(loc.latitude!, loc.longitude!)} target="_blank" rel="noopener noreferrer">
                Open in OpenStreetMap ({loc.latitude!.toFixed(4)}, {loc.longitude!.toFixed(4)})
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
          </Fact>
        </Facts>

        <Facts title="Links" id="links">
          <Fact label="Website">
            <SafeLink href={urls.website} />
          </Fact>
          <Fact label="Online ordering">
            <SafeLink href={urls.orderOnline} />
          </Fact>
          <Fact label="Buy a gift card">
            <SafeLink href={urls.purchaseGiftCard} />
          </Fact>
          <Fact label="Check a gift card">
            <SafeLink href={urls.checkGiftCard} />
          </Fact>
          <Fact label="Facebook">
            <SafeLink href={urls.facebook} />
          </Fact>
          <Fact label="Twitter">
            <SafeLink href={urls.twitter} />
          </Fact>
        </Facts>
      </div>

      <section className={`card ${styles.section} ${styles.wide}`} aria-labelledby="schedule-heading">
        <h2 id="schedule-heading">Week schedule</h2>
        <p className={styles.muted}>Each day’s schedule and its services. Times are the restaurant’s local time ({g.timeZone ?? "zone unknown"}).</p>
        <WeekSchedule schedules={info.schedules} today={today(info)} />
      </section>

      <div className={styles.grid}>
        <Facts title="Delivery" id="delivery">
          <Fact label="Delivery">
            <YesNo value={delivery.enabled} />
          </Fact>
          <Fact label="Minimum order">{money(delivery.minimum, g.currencyCode)}</Fact>
          <Fact label="Area">{delivery.area}</Fact>
        </Facts>

        <Facts title="Online ordering" id="online-ordering">
          <Fact label="Online ordering">
            <YesNo value={ordering.enabled} />
          </Fact>
          <Fact label="Scheduled orders">
            <YesNo value={ordering.scheduling} />
          </Fact>
          <Fact label="Special requests">
            <YesNo value={ordering.specialRequests} />
          </Fact>
          <Fact label="Special requests message">{ordering.specialRequestsMessage}</Fact>
          <Fact label="Tip by card">
            <YesNo value={pay.ccTip} />
          </Fact>
        </Facts>

        <section className={`card ${styles.section}`} aria-labelledby="payment-heading" data-testid="payment-options">
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
                    <YesNo value={pay.delivery?.cash} />
                  </td>
                  <td>
                    <YesNo value={pay.takeout?.cash} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Card, same day</th>
                  <td>
                    <YesNo value={pay.delivery?.ccSameDay} />
                  </td>
                  <td>
                    <YesNo value={pay.takeout?.ccSameDay} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Card, future order</th>
                  <td>
                    <YesNo value={pay.delivery?.ccFuture} />
                  </td>
                  <td>
                    <YesNo value={pay.takeout?.ccFuture} />
                  </td>
                </tr>
                <tr>
                  <th scope="row">Card in store</th>
                  <td>
                    <span className={styles.muted}>n/a</span>
                  </td>
                  <td>
                    <YesNo value={pay.takeout?.ccInStore} />
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </section>

        <section className={`card ${styles.section}`} aria-labelledby="prep-heading" data-testid="prep-times">
          <h2 id="prep-heading">Prep times</h2>
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">Prep times</caption>
              <thead>
                <tr>
                  <th scope="col" />
                  <th scope="col" className="numeric">
                    Delivery
                  </th>
                  <th scope="col" className="numeric">
                    Takeout
                  </th>
                </tr>
              </thead>
              <tbody>
                <PrepRow label="Prep time" delivery={prep.deliveryPrepTime} takeout={prep.takeoutPrepTime} />
                <PrepRow label="Time after open" delivery={prep.deliveryTimeAfterOpen} takeout={prep.takeoutTimeAfterOpen} />
                <PrepRow label="Time before close" delivery={prep.deliveryTimeBeforeClose} takeout={prep.takeoutTimeBeforeClose} />
                <PrepRow label="Throttling time" delivery={prep.deliveryThrottlingTime} takeout={prep.takeoutThrottlingTime} />
              </tbody>
            </table>
          </div>
          <p className={styles.note}>Values as the Platform sends them; it does not state the unit (usually minutes).</p>
        </section>
      </div>
    </>
  );
}

function PrepRow({ label, delivery, takeout }: { label: string; delivery: number | null | undefined; takeout: number | null | undefined }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="numeric">{delivery ?? "—"}</td>
      <td className="numeric">{takeout ?? "—"}</td>
    </tr>
  );
}
