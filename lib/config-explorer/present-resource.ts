import type { ConfigResource } from "@/lib/platform/schemas";

import type { ConfigColumn, ConfigRow, ConfigTable } from "./config-cell";
import { RESOURCE_INFO, type ExplorerResource } from "./resource-catalog";
import {
  describeValue,
  RESOURCE_SPECS,
  type ColumnSpec,
  type Entity,
  type NameLookups,
} from "./resource-columns";

/** Fields every entity carries that say nothing a manager needs: the resource already names the kind. */
const SILENT_FIELDS = new Set(["entityType"]);

/** "minDeliveryDistance" -> "Min delivery distance". */
function humanize(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A resource's entities as a table in words. Columns come from the resource's spec, followed by
 * one column per field that no spec column reads, so nothing the service sends is hidden.
 */
export function presentResource(
  resource: ExplorerResource,
  entities: readonly Entity[],
  lookups: NameLookups,
  lastModified: Date | null = null,
): ConfigTable {
  const spec = RESOURCE_SPECS[resource];
  const covered = new Set(spec.columns.flatMap((c) => c.keys));
  const extraFields: string[] = [];
  for (const entity of entities) {
    for (const field of Object.keys(entity)) {
      if (!covered.has(field) && !SILENT_FIELDS.has(field) && !extraFields.includes(field))
        extraFields.push(field);
    }
  }
  const extras: ColumnSpec[] = extraFields.map((field) => ({
    key: `field:${field}`,
    label: humanize(field),
    keys: [field],
    cell: (e) => {
      const text = describeValue(e[field]);
      return text === "" ? null : text;
    },
  }));
  const specs = [...spec.columns, ...extras];

  const columns: ConfigColumn[] = specs.map((c) =>
    c.align ? { key: c.key, label: c.label, align: c.align } : { key: c.key, label: c.label },
  );
  const rows: ConfigRow[] = entities.map((entity) => ({
    guid: entity.guid,
    cells: Object.fromEntries(specs.map((c) => [c.key, c.cell(entity, lookups)])),
  }));
  return {
    resource,
    title: RESOURCE_INFO[resource].title,
    columns,
    rows,
    lastModified: lastModified?.toISOString() ?? null,
  };
}

/** Name maps of loaded resources, for resolving references. An entity without a name shows its guid. */
export function nameLookups(lists: Partial<Record<ConfigResource, readonly Entity[]>>): NameLookups {
  const out: NameLookups = {};
  for (const [resource, entities] of Object.entries(lists) as [ConfigResource, readonly Entity[]][]) {
    out[resource] = new Map(
      entities.map((e) => [e.guid, typeof e.name === "string" && e.name.trim() ? e.name.trim() : e.guid]),
    );
  }
  return out;
}
