import { expect, test } from "./fixtures";
import { postForm, waitForHydration } from "./utils";

// Decision 064: every create form the server renders carries its idempotency key; the browser keeps
// that key as the page hydrates, and a successful comment gets the next comment a new one.

const KEY_INPUT = /<input[^>]*name="idempotencyKey"[^>]*>/;
const keyIn = (html: string) => /value="([^"]+)"/.exec(KEY_INPUT.exec(html)?.[0] ?? "")?.[1] ?? null;
/** The server-rendered forms of a page that hold `marker`, each as its HTML. */
const formsWith = (html: string, marker: string) => (html.match(/<form[\s\S]*?<\/form>/g) ?? []).filter((f) => f.includes(marker));

async function newDraft(request: Parameters<typeof postForm>[0], baseURL: string) {
  const created = await postForm(request, baseURL, "/content/new", { title: `Keyed ${Date.now()}`, type: "blog", tags: "" });
  return new URL(created.headers()["location"], baseURL).searchParams.get("id")!;
}

test("each create form's HTML carries a key", async ({ page, baseURL }) => {
  const id = await newDraft(page.request, baseURL!);
  const pages: [string, string][] = [
    ["/content/new", 'action="/content/new"'],
    ["/library", 'value="duplicate"'],
    [`/editor?id=${id}`, 'value="comment"'],
    [`/editor?id=${id}`, 'name="intent" value="create"'],
    ["/settings/website", 'value="create-token"'],
    ["/workflow", 'value="queueBrief"'],
    ["/settings/website", 'value="add-site"'],
    ["/settings/approvals", 'value="add-chain"'],
    ["/workflow", 'value="addAgent"'],
    ["/", 'action="/visuals"'],
  ];
  for (const [path, marker] of pages) {
    const html = await (await page.request.get(path)).text();
    const forms = formsWith(html, marker);
    expect(forms.length, `${path}: a form with ${marker}`).toBeGreaterThan(0);
    for (const form of forms) expect(keyIn(form), `${path}: ${marker}`).toMatch(/^[A-Za-z0-9._:~-]{8,}$/);
  }
});

test("the key survives hydration, and a posted comment makes a new one", async ({ page, baseURL }) => {
  const id = await newDraft(page.request, baseURL!);
  const response = await page.goto(`/editor?id=${id}`);
  const served = keyIn(formsWith(await response!.text(), 'value="comment"')[0]);
  await waitForHydration(page);
  const field = page.locator('form:has(input[name="intent"][value="comment"]) input[name="idempotencyKey"]').first();
  await expect(field).toHaveValue(served!);

  const input = page.getByRole("combobox", { name: "Add a comment" });
  await input.fill("Keyed once.");
  await input.press("Enter");
  await expect(page.getByTestId("comment").filter({ hasText: "Keyed once." })).toBeVisible();
  await expect(field).not.toHaveValue(served!);
});
