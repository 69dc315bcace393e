/**
 * The one decision of where a person lands after signing in (the sign-in page, the server-side
 * redirect of a signed-in visitor, and next-auth's `redirect` callback all ask it). Only a path
 * of this origin passes; anything else goes to "/".
 *
 * Why so strict: browsers drop TAB, LF and CR inside a URL and read "\" as "/", so
 * "/<TAB>/evil.example" is sent on as "//evil.example", a link to another host. A raw value with
 * a control character, a backslash or surrounding blanks is refused outright; what remains is
 * resolved with the URL parser against the origin and kept only if the origin is unchanged and
 * the path cannot be read as protocol-relative ("/.//evil.example" normalises to "//evil.example").
 * Never throws: a value the URL parser refuses ("http://[::1") is refused here too.
 */

// Any origin works for resolving a path; the comparison is what matters.
const PATH_ORIGIN = "http://kitchen-pulse.invalid";

// C0 controls, DEL and the backslash, as sent (already percent-decoded once by the query parser).
const REFUSED = /[\u0000-\u001f\u007f\\]/;

export function postSignInPath(raw: string | null | undefined, origin: string = PATH_ORIGIN): string {
  return (raw ? acceptedPath(raw, origin) : null) ?? "/";
}

/**
 * Whether a callbackUrl someone sent is one we refuse (rather than absent): next-auth's own
 * endpoints answer such a request 400 instead of quietly sending the person home.
 */
export function isRefusedCallback(raw: string | null | undefined, origin: string): boolean {
  return !!raw && acceptedPath(raw, origin) === null;
}

/** The same-origin path `raw` names, or null when it names anything else. */
function acceptedPath(raw: string, origin: string): string | null {
  if (REFUSED.test(raw) || raw !== raw.trim()) return null;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password) return null;
  // Relative paths ("kitchen", "../x") resolve against the origin's root: only absolute paths are meant.
  if (!raw.startsWith("/") && !raw.startsWith(base.origin)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? null : path;
}

/** The sign-in page for someone who asked for `path`, with the way back when there is one. */
export function signInPath(path: string): string {
  const back = postSignInPath(path);
  return back === "/" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(back)}`;
}
