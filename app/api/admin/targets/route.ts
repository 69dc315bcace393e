import { mayEditTargets } from "@/lib/access/roles";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { parseRouteInput } from "@/lib/api/route-input";
import { groupTargetsSchema } from "@/lib/kitchen/contract/params";
import { getKitchenService } from "@/lib/kitchen/service/server";

// GET /api/admin/targets: the group standard (level and ticket targets), what is scheduled, the history.
export const GET = withSession(async ({ session }) =>
  jsonResponse({
    ...(await (await getKitchenService()).groupTargets()),
    mayEdit: await mayEditTargets(session, null, "group"),
  }),
);

// PUT /api/admin/targets  body: { effectiveFrom?, targets?, tickets? }; 403 before the body for whoever may not.
export const PUT = withSession(async ({ request, session }) => {
  if (!(await mayEditTargets(session, null, "group")))
    throw new ApiError(403, "forbidden", "Only owners and admins may change the group's standard targets");
  const { body } = await parseRouteInput(request, {
    body: groupTargetsSchema,
    bodyShape: "{ effectiveFrom?: YYYYMMDD, targets?: [{ level, seconds }], tickets?: [{ level, seconds }] }",
  });
  const saved = await (await getKitchenService()).putGroupTargets(body, { actor: session.email });
  return jsonResponse({ ...saved, mayEdit: true });
});
