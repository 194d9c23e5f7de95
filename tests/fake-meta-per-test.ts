// A fake Meta (Graph and Threads APIs) for one Vitest file: the studio is pointed at it, and each test
// starts from a fresh seed and a reset fake whose member manages `pages`. (Apart from fake-meta.ts,
// which the Playwright specs import too, so that they load no database code.)
import { afterAll, beforeEach } from "vitest";
import { startFakeMeta, useFakeMeta, type FakeMeta, type FakePage } from "./fake-meta";
import { freshSeed } from "./route-helpers";

export async function fakeMetaPerTest(pages: FakePage[] = []): Promise<FakeMeta> {
  const fake = await startFakeMeta();
  useFakeMeta(fake.base);
  afterAll(() => fake.close());
  beforeEach(async () => {
    await freshSeed();
    fake.reset();
    fake.pages = [...pages];
  });
  return fake;
}
