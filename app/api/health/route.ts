// GET /api/health: liveness for load balancers and the e2e web server; no session needed.
export function GET(): Response {
  return Response.json({ status: "ok" });
}
