// Short links for channel posts (decision 021): /l/<code> → the post's link with UTM parameters.

export const SHORT_CODE = /^[A-Za-z0-9_-]{6,16}$/;

/** The link with utm_source (the channel), utm_medium and utm_campaign added unless the team set them. */
export function withUtm(href: string, { channel, campaign }: { channel: string; campaign: string }): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const set = (name: string, value: string) => {
    if (!url.searchParams.has(name) && value) url.searchParams.set(name, value);
  };
  set("utm_source", channel);
  set("utm_medium", channel === "website" ? "referral" : "social");
  set("utm_campaign", campaign);
  return url.toString();
}
