import { z } from "zod";

import { mayManageAlerts } from "@/lib/access/roles";
import { ALERT_RULE_BODY_SHAPE, alertRuleInputSchema } from "@/lib/alerts/alert-contract";
import { deleteRule, updateRule } from "@/lib/alerts/alert-store";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { parseRouteInput } from "@/lib/api/route-input";
import { getDatabase } from "@/lib/db/server";

const params = z.object({ id: z.string().regex(/^\d{1,18}$/) });

async function refuseUnlessManager(session: Parameters<typeof mayManageAlerts>[0], guid: string) {
  if (!(await mayManageAlerts(session, guid)))
    throw new ApiError(403, "forbidden", "You may see this restaurant's alerts but not set its rules");
}

// PUT /api/restaurants/[guid]/alert-rules/[id]: replaces the rule (the whole rule, in the shape POST takes).
export const PUT = withRestaurant(
  async ({ request, restaurant, session, params: { id } }) => {
    await refuseUnlessManager(session, restaurant.guid);
    const { body } = await parseRouteInput(request, {
      body: alertRuleInputSchema,
      bodyShape: ALERT_RULE_BODY_SHAPE,
    });
    const rule = await updateRule(await getDatabase(), restaurant.guid, id, body, session.email, new Date());
    if (!rule) throw new ApiError(404, "not_found", "No such alert rule");
    return jsonResponse(rule);
  },
  { params },
);

// DELETE /api/restaurants/[guid]/alert-rules/[id]: the rule goes; the alerts it fired stay listed.
export const DELETE = withRestaurant(
  async ({ restaurant, session, params: { id } }) => {
    await refuseUnlessManager(session, restaurant.guid);
    if (!(await deleteRule(await getDatabase(), restaurant.guid, id, session.email, new Date())))
      throw new ApiError(404, "not_found", "No such alert rule");
    return new Response(null, { status: 204 });
  },
  { params },
);
