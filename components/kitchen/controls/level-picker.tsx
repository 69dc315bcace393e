"use client";

import styles from "@/components/kitchen/cards/cards.module.css";
import { type KitchenLevel } from "@/lib/kitchen/contract/vocabulary";
import { LEVEL_LABELS } from "@/lib/kitchen/present/labels";

/** The "Level" select of the cards that show one fulfillment level at a time. */
export function LevelPicker({
  levels,
  value,
  onChange,
}: {
  levels: readonly KitchenLevel[];
  value: KitchenLevel;
  onChange: (level: KitchenLevel) => void;
}) {
  return (
    <label className={styles.inlineField}>
      Level
      <select
        className="select"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value) as KitchenLevel)}
      >
        {levels.map((l) => (
          <option key={l} value={l}>
            {l} · {LEVEL_LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
