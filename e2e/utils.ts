import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Fails the test if the page requests anything outside localhost. */
export function forbidThirdPartyRequests(page: Page): string[] {
  const outside: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:") outside.push(req.url());
  });
  return outside;
}

export async function expectNoThirdPartyRequests(outside: string[]) {
  expect(outside, `requests left localhost: ${outside.join(", ")}`).toEqual([]);
}

/** A same-site form POST made directly, bypassing the UI; array values repeat the field. */
export function postForm(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  fields: Record<string, string | string[]>,
  origin = baseURL,
) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  return request.post(path, {
    data: body.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    maxRedirects: 0,
  });
}

/**
 * Waits until React has hydrated the page (its root no longer dehydrated), so typing reaches the
 * components' handlers. A page can be on screen, even from the page cache, well before that.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const key = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
    const root = key
      ? (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key]
      : undefined;
    return root?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

/**
 * The server's answer to the next post to `path` (a screen's route; its `.data` form too). A screen that
 * shows a change at once must wait for it before a reload, which would cancel the request.
 */
export function answerToPost(page: Page, path: string) {
  return page.waitForResponse((r) => r.request().method() === "POST" && [path, `${path}.data`].includes(new URL(r.url()).pathname));
}
