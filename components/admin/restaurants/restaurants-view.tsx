"use client";

import { useQuery } from "@tanstack/react-query";
import { type FormEvent } from "react";

import type { AddedRestaurant } from "@/lib/people/admin-contract";
import { restaurantStatesQuery } from "@/lib/queries/admin";
import { apiPost } from "@/lib/queries/api-client";
import type { DiscoveryReport, RestaurantsAdminAnswer } from "@/lib/restaurants/discovery-contract";

import { AdminTable, FormMessages, TextField } from "../shared/admin-form";
import styles from "../shared/admin.module.css";
import { useAdminMutation } from "../shared/use-admin-mutation";
import { DiscoveredRestaurants } from "./discovered-restaurants";

const when = (iso: string) => new Date(iso).toLocaleString();

/** When discovery last listed, with which credential, and its last failure if it came after. */
function discoveryStatus(report: DiscoveryReport): string {
  const parts: string[] = [];
  if (report.lastSuccess)
    parts.push(
      `Last listed ${when(report.lastSuccess)} with a ${report.clientType?.toLowerCase()} credential.`,
    );
  else parts.push("Discovery has not listed the Platform's locations yet (it runs at start, then daily).");
  if (report.lastError && (!report.lastSuccess || report.lastError.at > report.lastSuccess))
    parts.push(`The last attempt failed (${when(report.lastError.at)}): ${report.lastError.message}`);
  return parts.join(" ");
}

/**
 * The deployment's restaurants: what discovery found (an accessible location not yet added is added
 * with a click, and joins the backfill at once), adding one by GUID, and the added ones with their state.
 */
export function RestaurantsView({ initial }: { initial: RestaurantsAdminAnswer }) {
  const { restaurants, discovery } = useQuery({ ...restaurantStatesQuery(), initialData: initial }).data;
  const add = useAdminMutation((body: { guid: string; label?: string }) =>
    apiPost<AddedRestaurant>("/api/admin/restaurants", body),
  );

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    add.mutate(
      { guid: String(form.get("guid") ?? ""), label: String(form.get("label") ?? "") },
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <>
      <section className={styles.section} aria-labelledby="discovered-heading">
        <h2 id="discovered-heading">Locations the Platform credential reaches</h2>
        <p>{discoveryStatus(discovery)}</p>
        <DiscoveredRestaurants
          locations={discovery.locations}
          onAdd={(guid) => add.mutate({ guid })}
          adding={add.isPending ? (add.variables?.guid ?? null) : null}
        />
        <FormMessages
          error={add.error}
          done={
            add.isSuccess
              ? `${add.data.label || add.data.guid} was added; its history is being fetched.`
              : undefined
          }
        />
      </section>
      <section className={styles.section} aria-labelledby="add-restaurant-heading">
        <h2 id="add-restaurant-heading">Add a restaurant by GUID</h2>
        <form className={styles.form} onSubmit={onAdd}>
          <TextField
            id="restaurant-guid"
            label="Restaurant GUID"
            name="guid"
            required
            className="input mono"
            size={38}
          />
          <TextField id="restaurant-label" label="Label (optional)" name="label" />
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            Add restaurant
          </button>
        </form>
      </section>
      <section className={styles.section} aria-labelledby="restaurants-heading">
        <h2 id="restaurants-heading">Added restaurants</h2>
        <AdminTable columns={["Label", "GUID", "Reachable", "Added", "By"]}>
          {restaurants.map((r) => (
            <tr key={r.guid} data-state={r.state}>
              <td>{r.label}</td>
              <td className="mono">{r.guid}</td>
              <td>
                {r.state === "added-accessible" ? "Yes" : r.state === "unknown" ? "Not checked yet" : "No"}
              </td>
              <td>{when(r.addedAt)}</td>
              <td>{r.addedBy ?? "first run"}</td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </>
  );
}
