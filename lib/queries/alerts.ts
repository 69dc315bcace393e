import { queryOptions } from "@tanstack/react-query";

import type { AlertRule } from "@/lib/alerts/alert-contract";

import { apiDelete, apiGet, apiPost, apiPut } from "./api-client";

/** GET …/alert-rules: the restaurant's rules and whether the session may change them. */
export interface AlertRulesResponse {
  rules: AlertRule[];
  mayEdit: boolean;
}

/** What the alert rules page sends: the whole rule, in the shape POST and PUT take. */
export interface AlertRuleBody {
  kind: AlertRule["kind"];
  stationGuid: string | null;
  level: AlertRule["level"];
  threshold: number;
  quietMinutes: number;
  emailTo: string[];
  webhookUrl: string | null;
  enabled: boolean;
}

const rulesPath = (guid: string) => `/api/restaurants/${encodeURIComponent(guid)}/alert-rules`;

export function alertRulesQuery(guid: string) {
  return queryOptions({
    queryKey: ["alert-rules", guid] as const,
    queryFn: ({ signal }) => apiGet<AlertRulesResponse>(rulesPath(guid), { signal }),
    staleTime: 30_000,
  });
}

export const createAlertRule = (guid: string, body: AlertRuleBody) =>
  apiPost<AlertRule>(rulesPath(guid), body);

export const updateAlertRule = (guid: string, id: string, body: AlertRuleBody) =>
  apiPut<AlertRule>(`${rulesPath(guid)}/${encodeURIComponent(id)}`, body);

export const deleteAlertRule = (guid: string, id: string) =>
  apiDelete(`${rulesPath(guid)}/${encodeURIComponent(id)}`);
