// What a page's loaders read that the content version does not cover (decision 026): the tracker's
// daily figures. A model that reads them calls readsTraffic(); the page cache runs each render
// inside observePageReads() and keeps the traffic version only for pages that did.
import { AsyncLocalStorage } from "node:async_hooks";

const reads = new AsyncLocalStorage<{ traffic: boolean }>();

/** Marks the page being rendered as showing figures the tracker moves (views, time, clicks, visitors). */
export function readsTraffic(): void {
  const store = reads.getStore();
  if (store) store.traffic = true;
}

/** Runs `render` (and everything it starts) observed; the answer is known once it finished. */
export function observePageReads(render: () => void): () => { traffic: boolean } {
  const store = { traffic: false };
  reads.run(store, render);
  return () => ({ ...store });
}
