// Live co-editing (decision 022): one Hocuspocus instance per process holds the Yjs document of each
// item being edited. The document is the text's source of truth while it is open; the item's
// Markdown `body` is derived from it (debounced), so search, scoring and publishing keep reading `body`.
// Server-side writers (agents, restore, the assistant, API saves) change the document, not the row.
import { Hocuspocus, type Document, type Extension } from "@hocuspocus/server";
import * as decoding from "lib0/decoding";
import type { WebSocket } from "ws";
import * as Y from "yjs";
import { applyMarkdown, docFromMarkdown, markdownOfDoc } from "~/domain/collab-doc";
import { mergeKeeping, mergeText } from "~/domain/merge-text";
import { canEditContent } from "~/domain/permissions";
import { docToMarkdown, markdownToDoc, sameDocument } from "~/domain/rich-text";
import { getEditAccess } from "~/models/content.server";
import { cutRevision, loadContentDoc, storeContentDoc } from "~/models/content-doc.server";
import { getSessionUser } from "~/web/session.server";
import { liveDocumentRelay } from "~/adapters/live-relay.server";
import { withWorkspace } from "~/db/workspace-scope.server";

/** A revision is cut after this long without typing. */
export const REVISION_IDLE_MS = Number(process.env.REVISION_IDLE_MS ?? 30_000);

/** Who is on the other end of a socket: set by server/collaboration-socket.ts after the session check. */
export interface CollabContext {
  user: { id: string; name: string; role: string; workspaceId?: string };
  socket: WebSocket;
}

// The workspace of each open document (decision 073): its hooks run from socket events and timers,
// outside any request, so each reads and writes in the workspace it was opened in.
const documentWorkspace = new Map<string, string>();

function inDocumentWorkspace<T>(name: string, work: () => Promise<T>): Promise<T> {
  const workspaceId = documentWorkspace.get(name);
  return workspaceId ? withWorkspace(workspaceId, work) : work();
}

/** Close codes with the reason the socket is closed with. */
export const REFUSAL = {
  noSession: { code: 4401, reason: "Sign in to edit together." },
  otherOrigin: { code: 4403, reason: "This connection did not come from the studio's own pages." },
  readOnly: { code: 4403, reason: "Read only: your role may not change this item." },
  missing: { code: 4404, reason: "That content item does not exist." },
  malformed: { code: 4400, reason: "A malformed update was refused." },
  tooLarge: { code: 1009, reason: "The message is too large." },
} as const;

type Refusal = (typeof REFUSAL)[keyof typeof REFUSAL];

/** Logs the refusal and closes the socket with its reason (after Hocuspocus has sent its own close). */
function refuse(context: Partial<CollabContext>, documentName: string, refusal: Refusal): Refusal {
  console.warn(`collaboration: refused ${context.user?.id ?? "anonymous"} on ${documentName}: ${refusal.reason}`);
  setImmediate(() => context.socket?.close(refusal.code, refusal.reason));
  return refusal;
}

/** Members who typed in each document since its last revision. */
const typedSince = new Map<string, Map<string, string>>();
const idleTimers = new Map<string, NodeJS.Timeout>();
/** One store at a time per document, each reading the document when it runs, so the last store wins. */
const storeChains = new Map<string, Promise<unknown>>();
/**
 * Documents someone changed since they were loaded (a member's typing, an agent, a restore). Only
 * their Markdown may become the body: opening, reading and reconnecting never write it (issue 33).
 */
const changed = new Set<string>();

/** The origin of changes made by the server (agents, restore, API saves): not a member's typing. */
export const SERVER_ORIGIN = { server: true };

/** The version of the item's body each open document last matched (loaded at, caught up with or stored). */
const matched = new Map<string, number>();

function storedText(state: Uint8Array) {
  const stored = new Y.Doc();
  Y.applyUpdate(stored, state);
  return markdownOfDoc(stored);
}

/**
 * The body was written without this document (a save on a replica that did not have it open, the
 * seed): what the stored state holds comes in as Yjs, and the body's own changes since that state
 * are merged three-way into the document, keeping what was typed meanwhile.
 */
function catchUp(
  name: string,
  document: Y.Doc,
  row: { body: string; version: number; stored: { state: Uint8Array; version: number } | null },
) {
  let base: string | null = null;
  if (row.stored) {
    base = storedText(row.stored.state);
    Y.applyUpdate(document, row.stored.state, SERVER_ORIGIN);
  }
  const bodyIsNewer = !row.stored || row.version > row.stored.version;
  if (bodyIsNewer && !sameDocument(base ?? "", row.body)) {
    const now = markdownOfDoc(document);
    const merged = base === null ? row.body : mergeKeeping(base, row.body, now);
    if (!sameDocument(merged, now)) {
      applyMarkdown(document, merged, SERVER_ORIGIN);
      changed.add(name);
    }
  }
  matched.set(name, row.version);
}

/** Documents whose load caught up on a newer body: the stored state and text the catch-up started from. */
const caughtUpFrom = new Map<string, { state: Uint8Array; text: string }>();

/**
 * A client that typed offline on the stored state brings its own copy of words the catch-up also
 * wrote from the body (issue 48): Yjs would keep both. Its update is applied here, then the text is
 * merged three-way from the catch-up's start, so words both sides added stay once. Skipped when the
 * update builds on the catch-up's own words (no copy can come) or when the two sides collide.
 */
function applyKeepingOnce(name: string, document: Document, update: Uint8Array, origin: unknown) {
  const from = caughtUpFrom.get(name);
  if (!from) return;
  const theirs = new Y.Doc();
  Y.applyUpdate(theirs, from.state);
  Y.applyUpdate(theirs, update);
  if (theirs.store.pendingStructs || theirs.store.pendingDs) return;
  const brought = markdownOfDoc(theirs);
  if (sameDocument(brought, from.text)) return;
  const merged = mergeText(from.text, markdownOfDoc(document), brought);
  if (!merged.clean) return;
  Y.applyUpdate(document, update, origin);
  if (!sameDocument(markdownOfDoc(document), merged.text)) applyMarkdown(document, merged.text, SERVER_ORIGIN);
}

async function storeCaughtUp(name: string, document: Y.Doc) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const edited = changed.has(name);
    const result = await storeContentDoc(
      name,
      Y.encodeStateAsUpdate(document),
      edited ? markdownOfDoc(document) : null,
      matched.get(name) ?? -1,
    );
    if (!result) return null;
    if (result.ok) {
      matched.set(name, result.version);
      return result.version;
    }
    catchUp(name, document, result);
  }
  throw new Error(`collaboration: ${name} kept changing while it was stored`);
}

function persist(name: string, document: Y.Doc) {
  const store = () => inDocumentWorkspace(name, () => storeCaughtUp(name, document));
  const next = (storeChains.get(name) ?? Promise.resolve()).catch(() => undefined).then(store);
  storeChains.set(name, next);
  void next.finally(() => storeChains.get(name) === next && storeChains.delete(name)).catch(() => undefined);
  return next;
}

/** Tries between a failed debounced store and the next (the document stays in memory meanwhile). */
export const STORE_RETRY_MS = [500, 2000, 5000];

/**
 * Hocuspocus runs a debounced store from a timer and does not catch what it throws: a failure there
 * would be an unhandled rejection, which ends the process and every open document with it. Tried
 * again, then logged; the document stays changed, so the next store or the unload tries once more.
 */
export async function persistOrLog(name: string, document: Y.Doc, waits = STORE_RETRY_MS, store = persist) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await store(name, document);
    } catch (error) {
      if (attempt >= waits.length) {
        changed.add(name);
        console.error(`collaboration: could not store ${name} after ${attempt + 1} tries`, error);
        return null;
      }
      await new Promise((r) => setTimeout(r, waits[attempt]));
    }
  }
}

/** Cuts a revision for whoever typed since the last one (after storing the document, if open). */
export async function flushDocument(contentId: string) {
  clearTimeout(idleTimers.get(contentId));
  idleTimers.delete(contentId);
  const open = collaboration.documents.get(contentId);
  if (open) await persist(contentId, open);
  const authors = [...(typedSince.get(contentId) ?? new Map<string, string>())].map(([id, name]) => ({ id, name }));
  typedSince.delete(contentId);
  await inDocumentWorkspace(contentId, () => cutRevision(contentId, authors));
}

function noteTyping(name: string, user: CollabContext["user"]) {
  const authors = typedSince.get(name) ?? new Map<string, string>();
  authors.set(user.id, user.name);
  typedSince.set(name, authors);
  clearTimeout(idleTimers.get(name));
  idleTimers.set(
    name,
    setTimeout(() => void flushDocument(name).catch((e) => console.error("collaboration: revision failed", e)), REVISION_IDLE_MS).unref(),
  );
}

const originName = (origin: unknown) =>
  origin === SERVER_ORIGIN ? "the server" : origin === "__hocuspocus__redis__origin__" ? "another replica" : `origin ${String(origin)}`;

/** Every update that deletes text is logged with who sent it (issue 35: typing alone deletes nothing). */
function logDeletes(name: string, update: Uint8Array, origin: string) {
  let deleted = 0;
  for (const ranges of Y.decodeUpdate(update).ds.clients.values()) for (const range of ranges) deleted += range.len;
  if (deleted > 0) console.info(`collaboration: ${origin} deleted ${deleted} item${deleted === 1 ? "" : "s"} in ${name}`);
}

/** Refuses a read-only member's changes and updates that Yjs cannot read, before Hocuspocus applies them. */
/** A sync message's step and, for SyncStep2 and updates, the Yjs update it carries; null for any other message. */
function readSync(data: Uint8Array): { step: number; update: Uint8Array | null } | null {
  const decoder = decoding.createDecoder(data);
  decoding.readVarString(decoder);
  if (decoding.readVarUint(decoder) !== 0) return null; // not a sync message (awareness, auth…)
  const step = decoding.readVarUint(decoder);
  // SyncStep1 only asks for what it lacks.
  return { step, update: step === 0 ? null : decoding.readVarUint8Array(decoder) };
}

/** What a client sends in answer to the server's SyncStep1: everything it holds that the server lacks. */
function syncStepTwo(data: Uint8Array) {
  const sync = readSync(data);
  return sync?.step === 1 ? sync.update : null;
}

function checkMessage(data: Uint8Array, document: Document, readOnly: boolean): Refusal | null {
  try {
    const update = readSync(data)?.update;
    if (!update) return null;
    Y.decodeUpdate(update); // throws on a malformed update
    if (readOnly && !Y.snapshotContainsUpdate(Y.snapshot(document), update)) return REFUSAL.readOnly;
    return null;
  } catch {
    return REFUSAL.malformed;
  }
}

let authenticating = 0;
/** Connections still being let in: each may load (and so store) its document once it is. */
export const pendingAuthentications = () => authenticating;

/** The studio's Hocuspocus, with the extensions given (the Redis relay between replicas, or none). */
export const createCollaboration = (extensions: Extension[]): Hocuspocus =>
  new Hocuspocus({
    name: "studio",
    extensions,
    quiet: true,
    // The body and the stored state follow the document within about a second of typing, and at least every 2 s while it goes on.
    debounce: 800,
    maxDebounce: 2000,
    timeout: 30_000,
    unloadImmediately: false,

    async onAuthenticate({ context, documentName, connectionConfig }) {
      authenticating++;
      try {
        const { user } = context as Partial<CollabContext>;
        if (!user) throw refuse(context, documentName, REFUSAL.noSession);
        const read = () => getEditAccess(documentName);
        const access = await (user.workspaceId ? withWorkspace(user.workspaceId, read) : read());
        if (!access) throw refuse(context, documentName, REFUSAL.missing);
        if (user.workspaceId) documentWorkspace.set(documentName, user.workspaceId);
        connectionConfig.readOnly = !canEditContent(user, access);
      } finally {
        authenticating--;
      }
    },

    async beforeHandleMessage({ update, document, connection, context, documentName }) {
      const refusal = checkMessage(update, document, connection.readOnly);
      if (refusal) throw refuse(context, documentName, refusal);
      const brought = caughtUpFrom.has(documentName) && !connection.readOnly && syncStepTwo(update);
      if (brought) applyKeepingOnce(documentName, document, brought, connection);
    },

    async onLoadDocument({ document, documentName }) {
      // A store still running from the document's last time open is what this load must start from.
      await storeChains.get(documentName)?.catch(() => undefined);
      const loaded = await inDocumentWorkspace(documentName, () => loadContentDoc(documentName));
      if (!loaded) return;
      if (!loaded.stored) Y.applyUpdate(document, Y.encodeStateAsUpdate(docFromMarkdown(loaded.body)));
      // The body was written without the document (seed, a save while nobody had it open): catch up.
      catchUp(documentName, document, loaded);
      if (loaded.stored && changed.has(documentName))
        caughtUpFrom.set(documentName, { state: loaded.stored.state, text: storedText(loaded.stored.state) });
      if (!loaded.stored || loaded.version > loaded.stored.version) await persist(documentName, document);
    },

    async onChange({ context, documentName, update, transactionOrigin }) {
      changed.add(documentName);
      const { user } = context as Partial<CollabContext>;
      if (user) noteTyping(documentName, user);
      logDeletes(documentName, update, user ? `${user.id} (${user.name})` : originName(transactionOrigin));
    },

    async onStoreDocument({ document, documentName }) {
      await persistOrLog(documentName, document);
    },

    async afterUnloadDocument({ documentName }) {
      changed.delete(documentName);
      caughtUpFrom.delete(documentName);
      if (typedSince.has(documentName)) await flushDocument(documentName).catch((e) => console.error("collaboration: revision failed", e));
      if (!collaboration.documents.has(documentName)) {
        matched.delete(documentName);
        documentWorkspace.delete(documentName);
      }
    },
  });

export const collaboration: Hocuspocus = createCollaboration([]);

declare global {
  var __liveRelay: Promise<void> | undefined;
}

/** With REDIS_URL, relays this process's documents to the other replicas (decision 053); the server awaits it before listening. */
export function relayLiveDocuments(): Promise<void> {
  globalThis.__liveRelay ??= liveDocumentRelay().then((extensions) => {
    if (extensions.length) collaboration.configure({ extensions });
  });
  return globalThis.__liveRelay;
}

const asDocumentWrites = (text: string) => docToMarkdown(markdownToDoc(text));

/**
 * Writes `next` (made from `base`) through the item's open document: the change is merged with what
 * people typed since `base` (their words win where both touched the same words), applied live and
 * stored. Returns the text the document now holds, or null when nobody has the document open.
 */
export async function writeThroughDocument(contentId: string, base: string, next: string): Promise<string | null> {
  const open = collaboration.documents.get(contentId);
  if (!open) return null;
  // Both written as the document writes Markdown: a trailing newline or a `*` bullet is no edit to merge.
  const merged = mergeKeeping(asDocumentWrites(base), asDocumentWrites(next), markdownOfDoc(open));
  applyMarkdown(open, merged, SERVER_ORIGIN);
  changed.add(contentId);
  await persist(contentId, open);
  return markdownOfDoc(open);
}

/** Stores every open document and cuts pending revisions (at shutdown). */
export async function storeAllDocuments() {
  const names = new Set([...collaboration.documents.keys(), ...typedSince.keys()]);
  await Promise.all([...names].map((name) => flushDocument(name).catch((e) => console.error("collaboration: store failed", e))));
  await Promise.allSettled([...storeChains.values()]);
}

/** Who may edit changed (a status move): open editors reconnect and are checked again. */
export function reauthorize(contentId: string) {
  if (collaboration.documents.has(contentId)) collaboration.closeConnections(contentId);
}

/**
 * Tells everyone who has the item open that something beside its text changed (`about`: "comments"),
 * over their live connection, so their editors fetch it again at once instead of at the next refresh.
 */
export function nudgeEditors(contentId: string, about: "comments") {
  collaboration.documents.get(contentId)?.broadcastStateless(JSON.stringify({ about }));
}

/** Who has typed in the item's open document since its last revision (their words are in no version yet). */
export function typingSince(contentId: string): string[] {
  return [...(typedSince.get(contentId)?.values() ?? [])];
}

/** The open document's text, or null when nobody has it open. */
export function liveText(contentId: string): string | null {
  const open = collaboration.documents.get(contentId);
  return open ? markdownOfDoc(open) : null;
}

/** What server/collaboration-socket.ts needs: the member behind a cookie, the connection handler, the refusals. */
/** What the server's socket needs of a Hocuspocus instance (this process's, or a test's second replica). */
export const collaborationEntryFor = (instance: Hocuspocus) => ({
  async userForCookie(cookie: string | undefined) {
    if (!cookie) return null;
    const user = await getSessionUser(new Request("http://studio/", { headers: { Cookie: cookie } }));
    return user ? { id: user.id, name: user.name, role: user.role, workspaceId: user.workspaceId } : null;
  },
  handleConnection: instance.handleConnection.bind(instance),
  ready: relayLiveDocuments,
  refusals: REFUSAL,
  storeAll: storeAllDocuments,
});

export const collaborationEntry = collaborationEntryFor(collaboration);
