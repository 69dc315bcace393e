"use client";

import { useState } from "react";

import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

import { StationCard } from "./station-card";

/**
 * A breakdown (dining option, order source) at one level at a time: with fifteen order sources,
 * every level at once would be forty-five rows nobody reads. The level starts at the page's
 * level filter, or the first level with items.
 */
export function BreakdownCard({
  title,
  nameHeader,
  rows,
  levels,
  initialLevel,
  targets,
  metric,
  fileName,
  categoryWidth,
}: {
  title: string;
  nameHeader: string;
  rows: PivotRow[];
  levels: KitchenLevel[];
  initialLevel: KitchenLevel;
  targets: Partial<Record<KitchenLevel, number>>;
  metric: KitchenMetric;
  fileName: string;
  categoryWidth?: number;
}) {
  const [chosen, setChosen] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosen) ? chosen : (levels[0] ?? 0);
  return (
    <StationCard
      title={title}
      description={`p50 and p90 of ${METRIC_LABELS[metric].toLowerCase()}, in minutes, slowest first.`}
      nameHeader={nameHeader}
      rows={rows}
      levels={[level]}
      targets={targets}
      metric={metric}
      fileName={fileName}
      categoryWidth={categoryWidth}
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
