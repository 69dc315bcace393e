"use client";

import { useQuery } from "@tanstack/react-query";
import { type FormEvent } from "react";

import type {
  AddedRestaurant,
  Area,
  AreasResponse,
  RestaurantsAdminResponse,
} from "@/lib/people/admin-contract";
import { adminRestaurantsQuery, areasQuery } from "@/lib/queries/admin";
import { apiDelete, apiPatch, apiPost } from "@/lib/queries/api-client";

import { checkedStrings, restaurantLabel, ScopeChoices } from "./people/scope-choices";
import { FormMessages, TextField } from "./shared/admin-form";
import styles from "./shared/admin.module.css";
import { useAdminMutation } from "./shared/use-admin-mutation";

/** Areas: named sets of restaurants; create, rename or refill, delete. */
export function AreasView({
  initial,
}: {
  initial: { areas: AreasResponse; restaurants: RestaurantsAdminResponse };
}) {
  const areas = useQuery({ ...areasQuery(), initialData: initial.areas }).data.areas;
  const restaurants = useQuery({ ...adminRestaurantsQuery(), initialData: initial.restaurants }).data
    .restaurants;
  const create = useAdminMutation((body: unknown) => apiPost<Area>("/api/admin/areas", body));

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    create.mutate(
      { name: String(form.get("name") ?? ""), restaurants: checkedStrings(form, "restaurants") },
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <>
      <section className={styles.section} aria-labelledby="add-area-heading">
        <h2 id="add-area-heading">Add an area</h2>
        <form className={styles.form} onSubmit={onCreate}>
          <TextField id="area-name" label="Name" name="name" required />
          <ScopeChoices idPrefix="new-area" restaurants={restaurants} />
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            Add area
          </button>
          <FormMessages error={create.error} />
        </form>
      </section>
      <section className={styles.section} aria-labelledby="areas-heading">
        <h2 id="areas-heading">Areas</h2>
        {areas.length === 0 ? <p className={styles.muted}>No areas yet.</p> : null}
        {areas.map((a) => (
          <AreaCard key={a.id} area={a} restaurants={restaurants} />
        ))}
      </section>
    </>
  );
}

function AreaCard({ area, restaurants }: { area: Area; restaurants: readonly AddedRestaurant[] }) {
  const update = useAdminMutation((body: unknown) => apiPatch<Area>(`/api/admin/areas/${area.id}`, body));
  const remove = useAdminMutation(() => apiDelete(`/api/admin/areas/${area.id}`));
  const error = update.error ?? remove.error;
  const names = area.restaurantGuids.map((g) => {
    const r = restaurants.find((x) => x.guid === g);
    return r ? restaurantLabel(r) : g;
  });

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update.mutate({ name: String(form.get("name") ?? ""), restaurants: checkedStrings(form, "restaurants") });
  }

  return (
    <article className={styles.form} aria-labelledby={`area-${area.id}-name`}>
      <div>
        <h3 id={`area-${area.id}-name`}>{area.name}</h3>
        <p className={styles.muted}>{names.length ? names.join(", ") : "No restaurants"}</p>
      </div>
      <details>
        <summary>Edit {area.name}</summary>
        <form onSubmit={onSave} className={styles.form}>
          <TextField
            id={`area-${area.id}-rename`}
            label="Name"
            name="name"
            defaultValue={area.name}
            required
          />
          <ScopeChoices idPrefix={`area-${area.id}`} restaurants={restaurants} guids={area.restaurantGuids} />
          <button type="submit" className="button" disabled={update.isPending}>
            Save
          </button>
        </form>
      </details>
      <button
        type="button"
        className="button"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Delete the area ${area.name}? People granted it lose its restaurants.`))
            remove.mutate(undefined);
        }}
      >
        Delete<span className="visually-hidden"> {area.name}</span>
      </button>
      <FormMessages error={error} />
    </article>
  );
}
