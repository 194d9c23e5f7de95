import { expect, test } from "./fixtures";
import { postForm, waitForHydration } from "./utils";

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("upload an image with its description, insert it, and see it in Preview; HTML named .png is refused", async ({ page, baseURL }) => {
  const created = await postForm(page.request, baseURL!, "/content/new", { title: `Images ${Date.now()}`, type: "blog" });
  await page.goto(created.headers()["location"]);
  await waitForHydration(page);
  const body = page.getByRole("textbox", { name: "Content body" });
  await body.fill("Before the image.");
  await page.getByRole("button", { name: "Image", exact: true }).click();
  const form = page.getByRole("form", { name: "Insert an image" });

  await form
    .getByLabel(/^Image/)
    .setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script>") });
  await form.getByLabel("Description for readers who cannot see it").fill("Not an image");
  await form.getByRole("button", { name: "Upload and insert" }).click();
  await expect(form.getByText("Upload a PNG, JPEG, WebP or GIF image.")).toBeVisible();
  await expect(body).toHaveValue("Before the image.");

  await form.getByLabel(/^Image/).setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await form.getByLabel("Description for readers who cannot see it").fill("A single dot");
  await form.getByRole("button", { name: "Upload and insert" }).click();
  await expect(body).toHaveValue(/^Before the image\.\n\n!\[A single dot\]\(\/uploads\/[a-z0-9]+\)\n\n$/);

  await page.getByRole("button", { name: "Preview" }).click();
  const img = page.getByTestId("preview").getByRole("img", { name: "A single dot" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);
});
