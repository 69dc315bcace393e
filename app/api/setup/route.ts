// POST /api/setup: the first owner of an empty deployment (ADMIN_EMAIL, no accounts file, nobody
// yet) chooses a password. 404 once anyone exists, and in every other configuration.
import { z } from "zod";

import { errorResponse, jsonResponse, toErrorResponse } from "@/lib/api/error-response";
import { parseRouteInput } from "@/lib/api/route-input";
import { createFirstOwner, setupAvailable } from "@/lib/auth/first-run";
import { hashNewPassword } from "@/lib/auth/new-password";
import { newPasswordSchema } from "@/lib/people/admin-contract";

const setupSchema = z.strictObject({
  password: newPasswordSchema,
  name: z.string().trim().min(1).max(200).optional(),
});

const notFound = () => errorResponse(404, "not_found", "Not found");

export async function POST(request: Request): Promise<Response> {
  try {
    if (!(await setupAvailable())) return notFound();
    const { body } = await parseRouteInput(request, {
      body: setupSchema,
      bodyShape: '{"password", "name"?}',
    });
    // Another tab or instance may have been first since the check: then this one is refused too.
    if (!(await createFirstOwner(await hashNewPassword(body.password), body.name ?? null))) return notFound();
    return jsonResponse({ created: true }, { status: 201 });
  } catch (error) {
    return toErrorResponse(error, "POST /api/setup");
  }
}
