import { queryOptions } from "@tanstack/react-query";

import type { Annotation, AnnotationsResponse, NoteCreate } from "@/lib/annotations/annotations-contract";

import { apiDelete, apiGet, apiPost } from "./api-client";

/** The annotations API (app/api/restaurants/[guid]/annotations): the range's notes and markers, a note written or removed. */
const base = (guid: string) => `/api/restaurants/${encodeURIComponent(guid)}`;

export const annotationKeys = {
  restaurant: (guid: string) => ["annotations", guid] as const,
  range: (guid: string, from: string, to: string) => ["annotations", guid, from, to] as const,
};

export function annotationsQuery(guid: string, from: string, to: string) {
  return queryOptions({
    queryKey: annotationKeys.range(guid, from, to),
    queryFn: ({ signal }) =>
      apiGet<AnnotationsResponse>(`${base(guid)}/annotations?${new URLSearchParams({ from, to })}`, {
        signal,
      }),
    staleTime: 60_000,
  });
}

export function postAnnotationNote(guid: string, note: NoteCreate): Promise<{ annotation: Annotation }> {
  return apiPost(`${base(guid)}/annotations`, note);
}

export function deleteAnnotationNote(guid: string, id: string): Promise<unknown> {
  return apiDelete(`${base(guid)}/annotations/${encodeURIComponent(id)}`);
}

/** annotations.csv of the range (the server writes it). */
export function annotationsCsvUrl(guid: string, from: string, to: string): string {
  return `${base(guid)}/kitchen/annotations.csv?${new URLSearchParams({ from, to })}`;
}
