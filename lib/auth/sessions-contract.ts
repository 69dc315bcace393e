/** GET /api/account/sessions: the person's live sessions (no ids: the key stays on the server). */
export interface AccountSessionsResponse {
  sessions: { createdAt: string; expiresAt: string; current: boolean }[];
}
