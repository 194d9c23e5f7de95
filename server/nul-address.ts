// PostgreSQL stores no NUL character (SQLite does): an address holding one (%00, in its path or its
// query) is refused with 400 before any loader makes a query of it, on both engines alike. Forms are
// checked where actions read them (app/web/action.server.ts).
export function addressHoldsNul(url: string): boolean {
  return url.includes("%00");
}

export const NUL_ADDRESS_MESSAGE = "Bad request: the address holds a character that cannot be stored (U+0000).";
