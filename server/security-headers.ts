// Headers every response carries (pages, data, resource routes, static files, errors).
// Scripts run only from this origin or with the per-request nonce; see docs/decisions/010.
import crypto from "node:crypto";

/** A fresh, unguessable nonce for one response's inline scripts. */
export function newNonce() {
  return crypto.randomBytes(16).toString("base64");
}

/** `formTargets`: the networks' consent pages, from the app's own copy of its state (entry.consentOrigins). */
export function contentSecurityPolicy(nonce: string, formTargets: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Stylesheets from this origin only; style="" attributes (React, nivo) are allowed, <style> blocks are not.
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    // Connect posts a form that redirects to the network's consent page (decision 042).
    ["form-action 'self'", ...new Set(formTargets)].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `secure`: the request came over HTTPS. */
export function securityHeaders(
  nonce: string,
  { secure = false, formTargets = [] }: { secure?: boolean; formTargets?: string[] } = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, formTargets),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  // HSTS only means something over HTTPS; plain-HTTP private deployments (COOKIE_SECURE=false) skip it.
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
