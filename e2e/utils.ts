import { expect, type Page } from "@playwright/test";

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
