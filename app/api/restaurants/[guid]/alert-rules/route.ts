import { mayManageAlerts } from "@/lib/access/roles";
import { ALERT_RULE_BODY_SHAPE, alertRuleInputSchema } from "@/lib/alerts/alert-contract";
import { createRule, listRules } from "@/lib/alerts/alert-store";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withRestaurant } from "@/lib/api/route-handler";
import { parseRouteInput } from "@/lib/api/route-input";
import { getDatabase } from "@/lib/db/server";

// GET /api/restaurants/[guid]/alert-rules: the restaurant's live alert rules and whether the session may change them.
export const GET = withRestaurant(async ({ restaurant, session }) =>
  jsonResponse({
    rules: await listRules(await getDatabase(), restaurant.guid),
    mayEdit: await mayManageAlerts(session, restaurant.guid),
  }),
);

// POST /api/restaurants/[guid]/alert-rules: a new rule (managers and above; 403 before the body is read).
export const POST = withRestaurant(async ({ request, restaurant, session }) => {
  if (!(await mayManageAlerts(session, restaurant.guid)))
    throw new ApiError(403, "forbidden", "You may see this restaurant's alerts but not set its rules");
  const { body } = await parseRouteInput(request, {
    body: alertRuleInputSchema,
    bodyShape: ALERT_RULE_BODY_SHAPE,
  });
  const rule = await createRule(await getDatabase(), restaurant.guid, body, session.email, new Date());
  return jsonResponse(rule, { status: 201 });
});
