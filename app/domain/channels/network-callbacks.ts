// Where Meta's and Threads' servers call the studio when a person removes it or asks for their data to
// be deleted (issue 36): registered in each developer app (docs/networks/facebook.md, threads.md).
export const META_DEAUTHORIZE_PATH = "/networks/meta/deauthorize";
export const META_DATA_DELETION_PATH = "/networks/meta/data-deletion";
export const THREADS_UNINSTALL_PATH = "/networks/threads/uninstall";
export const THREADS_DELETE_PATH = "/networks/threads/delete";

/** The page a person opens to see their deletion was done (no sign-in). */
export const metaDeletionStatusPath = (code: string) => `/networks/meta/deletion/${encodeURIComponent(code)}`;

/** The callback addresses each app's settings ask for, by the field names the developer site uses. */
export const NETWORK_CALLBACKS: Partial<Record<string, { field: string; path: string }[]>> = {
  facebook: [
    { field: "Deauthorize callback URL", path: META_DEAUTHORIZE_PATH },
    { field: "Data deletion request URL", path: META_DATA_DELETION_PATH },
  ],
  threads: [
    { field: "Uninstall Callback URL", path: THREADS_UNINSTALL_PATH },
    { field: "Delete Callback URL", path: THREADS_DELETE_PATH },
  ],
};
