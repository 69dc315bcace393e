// GET|POST /api/auth/*: next-auth's endpoints (csrf, session, providers, sign-in, callback, sign-out).
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built on the first request, not at import: `next build` imports this module and
// must not need the secret or create DATA_DIR/auth-secret.
async function handler(request: Request, context: Context): Promise<Response> {
  const response: Response = await NextAuth(request as never, context as never, authOptions());
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export { handler as GET, handler as POST };
