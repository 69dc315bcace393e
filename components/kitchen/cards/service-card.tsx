"use client";

import { useState } from "react";

import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

import { StationCard } from "./station-card";

/**
 * "By service": the figures of each of the restaurant's services (day parts: Lunch, Dinner, Late
 * night...) at one level, in the order the business day runs. A record is in the service of its
 * business date's schedule whose hours hold its fire time; "Outside every service" holds the rest,
 * so the rows add up to the level.
 */
export function ServiceCard({
  rows,
  levels,
  initialLevel,
  targets,
  metric,
  fileName,
}: {
  rows: PivotRow[];
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  fileName: string;
}) {
  const [chosen, setChosen] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosen) ? chosen : (levels[0] ?? 0);
  return (
    <StationCard
      title="By service"
      description={`p50 and p90 of ${METRIC_LABELS[metric].toLowerCase()} per service of the restaurant's schedule, in minutes, in the order of the business day. A record belongs to the service whose hours hold its fire time; the rows add up to the level.`}
      nameHeader="Service"
      rows={rows}
      levels={[level]}
      targets={targets}
      metric={metric}
      fileName={fileName}
      testId="service-chart"
      controls={
        levels.length > 1 ? (
          <div className={styles.inlineControls}>
            <LevelPicker levels={levels} value={level} onChange={setChosen} />
          </div>
        ) : null
      }
    />
  );
}
