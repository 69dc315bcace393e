import type { AddedRestaurant, Area } from "@/lib/people/admin-contract";

import styles from "../shared/admin.module.css";

export const restaurantLabel = (r: AddedRestaurant) => r.label || r.guid;

/**
 * Checkboxes of areas and of restaurants, for a person's scope or an area's restaurants; read back
 * from the form's data by `checkedNumbers` / `checkedStrings`. `idPrefix` keeps ids unique per form.
 */
export function ScopeChoices({
  idPrefix,
  areas,
  restaurants,
  areaIds = [],
  guids = [],
}: {
  idPrefix: string;
  areas?: readonly Area[];
  restaurants: readonly AddedRestaurant[];
  areaIds?: readonly number[];
  guids?: readonly string[];
}) {
  return (
    <>
      {areas ? (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Areas</legend>
          {areas.length === 0 ? <span className={styles.muted}>No areas yet</span> : null}
          {areas.map((a) => (
            <label key={a.id} htmlFor={`${idPrefix}-area-${a.id}`}>
              <input
                id={`${idPrefix}-area-${a.id}`}
                type="checkbox"
                name="areas"
                value={a.id}
                defaultChecked={areaIds.includes(a.id)}
              />
              {a.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Restaurants</legend>
        {restaurants.length === 0 ? <span className={styles.muted}>No restaurants added yet</span> : null}
        {restaurants.map((r) => (
          <label key={r.guid} htmlFor={`${idPrefix}-r-${r.guid}`}>
            <input
              id={`${idPrefix}-r-${r.guid}`}
              type="checkbox"
              name="restaurants"
              value={r.guid}
              defaultChecked={guids.includes(r.guid)}
            />
            {restaurantLabel(r)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

export const checkedNumbers = (form: FormData, name: string) => form.getAll(name).map((v) => Number(v));
export const checkedStrings = (form: FormData, name: string) => form.getAll(name).map(String);
