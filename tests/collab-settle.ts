// Between co-editing tests: the in-process Hocuspocus brought to rest before the data is reset.
import { expect } from "vitest";
import { collaboration, pendingAuthentications, storeAllDocuments } from "~/services/collaboration.server";

/**
 * Closes every live connection and waits until no document is loading, open or unloading, then stores
 * what is left: a test that resets the data after this races no write of the last test's documents.
 * (A document still loading, or one whose connection is still being let in, is not in
 * getDocumentsCount(); its load can store it later.)
 */
export async function settleCollaboration() {
  collaboration.closeConnections();
  const busy = () =>
    pendingAuthentications() +
    collaboration.getDocumentsCount() +
    collaboration.loadingDocuments.size +
    collaboration.unloadingDocuments.size;
  await expect.poll(busy, { timeout: 10_000 }).toBe(0);
  await storeAllDocuments();
}
