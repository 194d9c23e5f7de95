// State-changing requests must carry a form body: every action reads request.formData(), which
// throws on any other body and would answer 500. Refusing here answers 415 with a reason instead.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Body types the studio's forms and fetchers send (multipart only with its boundary, as browsers send it). */
const FORM_TYPES = [/^application\/x-www-form-urlencoded\b/i, /^multipart\/form-data\s*;.*\bboundary=\S/i];

export function hasFormBody({ method, contentType }: { method: string; contentType?: string }): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  return FORM_TYPES.some((type) => type.test(contentType ?? ""));
}

export const FORM_BODY_MESSAGE = "Unsupported body: send the form as application/x-www-form-urlencoded or multipart/form-data.";
