"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import type {
  AddedRestaurant,
  Area,
  AreasResponse,
  InvitationResponse,
  PeopleResponse,
  Person,
  PersonStatus,
  RestaurantsAdminResponse,
} from "@/lib/people/admin-contract";
import { ROLE_LABELS, seesEveryRestaurant } from "@/lib/people/roles";
import { adminRestaurantsQuery, areasQuery, peopleQuery } from "@/lib/queries/admin";
import { apiPatch, apiPost } from "@/lib/queries/api-client";

import { AdminTable, FormMessages, RoleSelect, TextField } from "../shared/admin-form";
import styles from "../shared/admin.module.css";
import { useAdminMutation } from "../shared/use-admin-mutation";
import { deliveryWords, InviteForm, newPersonBody, PersonFields } from "./invite-form";
import { checkedNumbers, checkedStrings, restaurantLabel, ScopeChoices } from "./scope-choices";

interface Initial {
  people: PeopleResponse;
  areas: AreasResponse;
  restaurants: RestaurantsAdminResponse;
}

const STATUS_WORDS: Record<PersonStatus, string> = {
  active: "Active",
  invited: "Invited",
  deactivated: "Deactivated",
};

/** People: invite one by e-mail or create one with a role and scope; change a role or scope; deactivate or reactivate. */
export function PeopleView({ initial }: { initial: Initial }) {
  const people = useQuery({ ...peopleQuery(), initialData: initial.people }).data.people;
  const areas = useQuery({ ...areasQuery(), initialData: initial.areas }).data.areas;
  const restaurants = useQuery({ ...adminRestaurantsQuery(), initialData: initial.restaurants }).data
    .restaurants;
  return (
    <>
      <InviteForm areas={areas} restaurants={restaurants} />
      <CreatePersonForm areas={areas} restaurants={restaurants} />
      <section className={styles.section} aria-labelledby="people-heading">
        <h2 id="people-heading">Everyone</h2>
        <AdminTable columns={["E-mail", "Name", "Role", "Sees", "Status", "Change"]}>
          {people.map((p) => (
            <PersonRow key={p.id} person={p} areas={areas} restaurants={restaurants} />
          ))}
        </AdminTable>
      </section>
    </>
  );
}

function scopeText(p: Person, areas: readonly Area[], restaurants: readonly AddedRestaurant[]): string {
  if (seesEveryRestaurant(p.role)) return "Every restaurant";
  const names = [
    ...p.areaIds.map((id) => `${areas.find((a) => a.id === id)?.name ?? id} (area)`),
    ...p.restaurantGuids.map((g) => {
      const r = restaurants.find((x) => x.guid === g);
      return r ? restaurantLabel(r) : g;
    }),
  ];
  return names.length ? names.join(", ") : "Nothing yet";
}

function CreatePersonForm({
  areas,
  restaurants,
}: {
  areas: readonly Area[];
  restaurants: readonly AddedRestaurant[];
}) {
  const create = useAdminMutation((body: unknown) => apiPost<Person>("/api/admin/people", body));
  const [done, setDone] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get("password") ?? "");
    setDone(undefined);
    create.mutate(
      { ...newPersonBody(form), ...(password ? { password } : {}) },
      {
        onSuccess: (person) => {
          formElement.reset();
          setDone(`${person.email} was added as ${ROLE_LABELS[person.role].toLowerCase()}.`);
        },
      },
    );
  }

  return (
    <section className={styles.section} aria-labelledby="add-person-heading">
      <h2 id="add-person-heading">Add a person</h2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        aria-describedby={create.error ? "add-person-error" : undefined}
      >
        <PersonFields idPrefix="person" />
        <TextField
          id="person-password"
          label="Password (optional, at least 10 characters)"
          name="password"
          type="password"
          autoComplete="new-password"
        />
        <ScopeChoices idPrefix="new-person" areas={areas} restaurants={restaurants} />
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? "Adding…" : "Add person"}
        </button>
        <FormMessages error={create.error} errorId="add-person-error" done={done} />
      </form>
    </section>
  );
}

function PersonRow({
  person,
  areas,
  restaurants,
}: {
  person: Person;
  areas: readonly Area[];
  restaurants: readonly AddedRestaurant[];
}) {
  const update = useAdminMutation((body: unknown) =>
    apiPatch<Person>(`/api/admin/people/${person.id}`, body),
  );
  const resend = useAdminMutation(() =>
    apiPost<InvitationResponse>(`/api/admin/people/${person.id}/invitation`, {}),
  );
  const id = `person-${person.id}`;

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update.mutate({
      role: String(form.get("role") ?? person.role),
      areas: checkedNumbers(form, "areas"),
      restaurants: checkedStrings(form, "restaurants"),
    });
  }

  return (
    <tr>
      <td className="mono">{person.email}</td>
      <td>{person.name ?? ""}</td>
      <td>{ROLE_LABELS[person.role]}</td>
      <td>{scopeText(person, areas, restaurants)}</td>
      <td>{STATUS_WORDS[person.status]}</td>
      <td>
        <div className={styles.actions}>
          <details>
            <summary>Edit {person.email}</summary>
            <form onSubmit={onSave} className={styles.form} aria-label={`Role and scope of ${person.email}`}>
              <RoleSelect id={`${id}-role`} defaultValue={person.role} />
              <ScopeChoices
                idPrefix={id}
                areas={areas}
                restaurants={restaurants}
                areaIds={person.areaIds}
                guids={person.restaurantGuids}
              />
              <button type="submit" className="button" disabled={update.isPending}>
                Save
              </button>
            </form>
          </details>
          <button
            type="button"
            className="button"
            disabled={update.isPending}
            onClick={() => update.mutate({ active: person.status === "deactivated" })}
          >
            {person.status === "deactivated" ? `Reactivate` : `Deactivate`}
            <span className="visually-hidden"> {person.email}</span>
          </button>
          {person.status === "invited" ? (
            <button
              type="button"
              className="button"
              disabled={resend.isPending}
              onClick={() => resend.mutate(undefined)}
            >
              Resend invitation<span className="visually-hidden"> to {person.email}</span>
            </button>
          ) : null}
        </div>
        <FormMessages
          error={update.error ?? resend.error}
          done={resend.isSuccess ? deliveryWords(resend.data) : undefined}
        />
      </td>
    </tr>
  );
}
