import { createContext, useContext } from "react";

// The CSP nonce is only known on the server; in the browser it is "" and unused.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The nonce for inline scripts, or undefined when there is none (browser, development). */
export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
