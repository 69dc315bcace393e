"use client";

import { useState } from "react";

import styles from "@/components/kitchen/cards/cards.module.css";
import { LevelPicker } from "@/components/kitchen/controls/level-picker";
import { type KitchenLevel, type KitchenMetric } from "@/lib/kitchen/contract/vocabulary";
import { METRIC_LABELS } from "@/lib/kitchen/present/labels";
import type { PivotRow } from "@/lib/kitchen/present/summary-shapes";

import { StationCard } from "./station-card";

/**
 * A breakdown (dining option, order source, service) at one level at a time: with fifteen order
 * sources, every level at once would be forty-five rows nobody reads. The level starts at the
 * page's level filter, or the first level with items. The services' rows come in the order the
 * business day runs, "Outside every service" holding the rest, so they add up to the level.
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
  description,
  testId,
  inOrder,
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
  /** Under the title; by default, that the rows run slowest first. */
  description?: string;
  testId?: string;
  /** The rows' order means something (the services): kept, few-record rows marked only. */
  inOrder?: boolean;
}) {
  const [chosen, setChosen] = useState<KitchenLevel>(initialLevel);
  const level = levels.includes(chosen) ? chosen : (levels[0] ?? 0);
  return (
    <StationCard
      title={title}
      description={
        description ?? `p50 and p90 of ${METRIC_LABELS[metric].toLowerCase()}, in minutes, slowest first.`
      }
      nameHeader={nameHeader}
      rows={rows}
      levels={[level]}
      targets={targets}
      metric={metric}
      fileName={fileName}
      categoryWidth={categoryWidth}
      testId={testId}
      inOrder={inOrder}
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
