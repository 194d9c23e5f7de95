import { createContext, useContext } from "react";

// The CSP nonce of this response (server only; browsers hide it from the DOM after load, so the client renders "").
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
