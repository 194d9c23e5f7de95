// remix.config.js turns v3_singleFetch on: this makes data() and useLoaderData/useFetcher<typeof …> agree on types.
import "@remix-run/node";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
