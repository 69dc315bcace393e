/** What a form's POST came to: the answer's body, or the API's error message (or a fallback). */
export type PostOutcome<T> =
  { ok: true; value: T } | { ok: false; status: number; code: string; message: string };

const FALLBACK = "That did not work. Check your connection and try again.";

/** POSTs JSON to one of the app's public routes (no session: the link's token is the credential). */
export async function postJson<T>(path: string, body: unknown): Promise<PostOutcome<T>> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as
      (T & { error?: { code?: string; message?: string } }) | null;
    if (response.ok) return { ok: true, value: json as T };
    return {
      ok: false,
      status: response.status,
      code: json?.error?.code ?? "failed",
      message: json?.error?.message ?? FALLBACK,
    };
  } catch {
    return { ok: false, status: 0, code: "network", message: FALLBACK };
  }
}
