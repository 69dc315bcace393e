import { handleSandboxRequest } from "@/lib/sandbox/app-sandbox";

// /sandbox/** : the Platform API sandbox (lib/sandbox), mounted when no real Platform is configured.
export const dynamic = "force-dynamic";

// Every method goes to the sandbox, so a wrong one gets its JSON 405 rather than Next's empty one.
const handle = (request: Request): Promise<Response> => handleSandboxRequest(request);
export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
