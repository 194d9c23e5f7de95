import { expect, test } from "./fixtures";
import { openEditor } from "./rich-body";
import { postForm } from "./utils";

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("upload an image with its description, insert it, and see it in Preview; HTML named .png is refused", async ({ page, baseURL }) => {
  const created = await postForm(page.request, baseURL!, "/content/new", { title: `Images ${Date.now()}`, type: "blog" });
  const body = await openEditor(page, new URL(created.headers()["location"], baseURL).searchParams.get("id")!);
  await body.fill("Before the image.");
  await page.getByRole("button", { name: "Upload image" }).click();
  const form = page.getByRole("form", { name: "Insert an image" });

  await form
    .getByLabel(/^Image/)
    .setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script>") });
  await form.getByLabel("Description for readers who cannot see it").fill("Not an image");
  await form.getByRole("button", { name: "Upload and insert" }).click();
  await expect(form.getByText("Upload a PNG, JPEG, WebP or GIF image.")).toBeVisible();
  await expect(body).toHaveText("Before the image.");

  await form.getByLabel(/^Image/).setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await form.getByLabel("Description for readers who cannot see it").fill("A single dot");
  await form.getByRole("button", { name: "Upload and insert" }).click();
  await expect(body.getByRole("img", { name: "A single dot" })).toHaveAttribute("src", /^\/uploads\/[a-z0-9]+$/);

  await page.getByRole("button", { name: "Preview" }).click();
  // The text first: were the preview not rendered at all, this says so rather than "no image".
  await expect(page.getByTestId("preview")).toContainText("Before the image.");
  const img = page.getByTestId("preview").getByRole("img", { name: "A single dot" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
});
