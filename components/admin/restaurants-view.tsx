"use client";

import { useQuery } from "@tanstack/react-query";
import { type FormEvent } from "react";

import { errorMessage } from "@/components/ui/states";
import type { AddedRestaurant, RestaurantsAdminResponse } from "@/lib/people/admin-contract";
import { adminRestaurantsQuery } from "@/lib/queries/admin";
import { apiPost } from "@/lib/queries/api-client";

import styles from "./admin.module.css";
import { useAdminMutation } from "./use-admin-mutation";

/** The deployment's added restaurants; adding one by GUID puts it into the backfill at once. */
export function RestaurantsView({ initial }: { initial: RestaurantsAdminResponse }) {
  const restaurants = useQuery({ ...adminRestaurantsQuery(), initialData: initial }).data.restaurants;
  const add = useAdminMutation((body: unknown) => apiPost<AddedRestaurant>("/api/admin/restaurants", body));

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
      <section className={styles.section} aria-labelledby="add-restaurant-heading">
        <h2 id="add-restaurant-heading">Add a restaurant</h2>
        <form className={styles.form} onSubmit={onAdd}>
          <div className={styles.field}>
            <label htmlFor="restaurant-guid">Restaurant GUID</label>
            <input id="restaurant-guid" name="guid" required className="input mono" size={38} />
          </div>
          <div className={styles.field}>
            <label htmlFor="restaurant-label">Label (optional)</label>
            <input id="restaurant-label" name="label" className="input" />
          </div>
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            Add restaurant
          </button>
          {add.error ? (
            <p className={styles.error} role="alert">
              {errorMessage(add.error)}
            </p>
          ) : null}
        </form>
      </section>
      <section className={styles.section} aria-labelledby="restaurants-heading">
        <h2 id="restaurants-heading">Added restaurants</h2>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">GUID</th>
                <th scope="col">Added</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {restaurants.map((r) => (
                <tr key={r.guid}>
                  <td>{r.label}</td>
                  <td className="mono">{r.guid}</td>
                  <td>{new Date(r.addedAt).toLocaleString()}</td>
                  <td>{r.addedBy ?? "first run"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
