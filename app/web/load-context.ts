// What server/app.ts passes to every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address as the server sees it (honours TRUST_PROXY). */
    clientIp: string;
    /** This response's Content-Security-Policy nonce (server/app.ts); absent in unit tests. */
    cspNonce?: string;
  }
}
export {};
