// GET /api/admin/discovery: the locations the Platform credential reaches compared with the added
// ones (lib/restaurants/discovery.ts), from what the last discovery runs stored: no Platform call.
import { mayAdminister } from "@/lib/access/roles";
import { ApiError } from "@/lib/api/api-error";
import { jsonResponse } from "@/lib/api/error-response";
import { withSession } from "@/lib/api/route-handler";
import { currentDiscoveryReport } from "@/lib/restaurants/discovery-server";

export const GET = withSession(async ({ session }) => {
  if (!(await mayAdminister(session)))
    throw new ApiError(403, "forbidden", "Only an owner or admin may see this.");
  return jsonResponse(await currentDiscoveryReport());
});
