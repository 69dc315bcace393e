import type { ExternalReference, PlatformReference } from "@/lib/platform/schemas";

/** 2.4 PlatformReference. */
export function ref(guid: string, entityType: string): PlatformReference {
  return { guid, entityType };
}

/** 2.4 ExternalReference: externalIds are prefixed by their naming authority ("POS:"). */
export function extRef(guid: string, entityType: string, externalId: string | null): ExternalReference {
  return { guid, entityType, externalId };
}

/** The reference to an entity that already carries guid, entityType and externalId. */
export function refTo(entity: {
  guid: string;
  entityType: string;
  externalId?: string | null;
}): ExternalReference {
  return { guid: entity.guid, entityType: entity.entityType, externalId: entity.externalId ?? null };
}
