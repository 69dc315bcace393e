/** A machine client's credentials, as world.json and the Platform's login name them. */
interface MachineClient {
  clientId: string;
  clientSecret: string;
}

/**
 * The Platform's machine-client login for `client` at `baseUrl` (the sandbox's or a fake's), as the
 * real client sends it; `headers` add to its Content-Type (a fault header, a client address).
 */
export function loginRequest(
  baseUrl: string,
  client: MachineClient,
  headers: Record<string, string> = {},
): Request {
  return new Request(`${baseUrl}/authentication/v1/authentication/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      userAccessType: "PLATFORM_MACHINE_CLIENT",
    }),
  });
}

/**
 * Logs `client` in at `baseUrl` and returns its access token; `send` is fetch (over HTTP) or an
 * in-process sandbox. A refused login fails with its status and body, not a missing-field TypeError.
 */
export async function accessToken(
  baseUrl: string,
  client: MachineClient,
  send: (request: Request) => Promise<Response> = fetch,
): Promise<string> {
  const response = await send(loginRequest(baseUrl, client));
  if (response.status !== 200)
    throw new Error(`login of ${client.clientId} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: { accessToken: string } }).token.accessToken;
}
