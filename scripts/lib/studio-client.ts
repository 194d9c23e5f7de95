// Small HTTP helpers for the load and durability scripts: same-site form posts with a session cookie.
export class StudioClient {
  constructor(
    readonly url: string,
    readonly cookie: string,
  ) {}

  post(path: string, fields: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    return fetch(`${this.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.url, Cookie: this.cookie },
      body,
    });
  }

  get(path: string) {
    return fetch(`${this.url}${path}`, { redirect: "manual", headers: { Cookie: this.cookie, Accept: "text/html" } });
  }

  /** Creates a draft and returns its id (the editor URL it redirects to names it). */
  async createItem(title: string) {
    const res = await this.post("/content/new", { title, type: "blog", tags: "load" });
    const location = res.headers.get("location") ?? "";
    const id = new URL(location, this.url).searchParams.get("id");
    if (res.status !== 302 || !id) throw new Error(`Could not create "${title}": ${res.status}`);
    return id;
  }

  /** One autosave; the reply says whether it was acknowledged (200), refused as a conflict (409) or failed. */
  async save(id: string, version: number, body: string) {
    const res = await this.post(`/content/${encodeURIComponent(id)}/save`, { version: String(version), body });
    const reply = (await res.json().catch(() => null)) as {
      ok: boolean;
      version?: number;
      body?: string;
      current?: { body: string; version: number };
    } | null;
    return { status: res.status, reply };
  }

  async comment(id: string, text: string) {
    const res = await this.post(`/editor?id=${encodeURIComponent(id)}`, { intent: "comment", id, comment: text });
    await res.arrayBuffer();
    return res.status;
  }
}
