import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake answers one request. */
export type Behaviour =
  "ok" | "stream" | "stream-no-usage" | "500" | "401" | "hang" | "not-json" | "no-choices" | "bad-stream" | "cut-stream";

export interface FakeModel {
  baseUrl: string;
  /** Each request takes the next behaviour; the last one repeats. */
  queue: Behaviour[];
  requests: {
    body: { model: string; messages: { role: string; content: string }[]; temperature: number; stream: boolean };
    auth: string | undefined;
  }[];
  close(): Promise<void>;
}

const chunk = (content: string, extra: object = {}) =>
  `data: ${JSON.stringify({ model: "fake-1", choices: [{ delta: { content } }], ...extra })}\n\n`;

function answer(behaviour: Behaviour, text: string, res: ServerResponse) {
  switch (behaviour) {
    case "ok":
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(
        JSON.stringify({
          model: "fake-1",
          choices: [{ message: { role: "assistant", content: text } }],
          usage: { prompt_tokens: 42, completion_tokens: 7 },
        }),
      );
    case "stream":
    case "stream-no-usage":
    case "cut-stream": {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      const words = text.split(/(?<= )/);
      for (const w of words) res.write(chunk(w));
      if (behaviour === "cut-stream") return res.end();
      if (behaviour === "stream")
        res.write(
          `data: ${JSON.stringify({ model: "fake-1", choices: [], usage: { prompt_tokens: 40, completion_tokens: words.length } })}\n\n`,
        );
      return res.end("data: [DONE]\n\n");
    }
    case "bad-stream":
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(chunk("Half "));
      return res.end("data: {not json\n\n");
    case "500":
      res.writeHead(500, { "Content-Type": "application/json" });
      return res.end('{"error":"boom"}');
    case "401":
      res.writeHead(401, { "Content-Type": "application/json" });
      return res.end('{"error":"bad key"}');
    case "not-json":
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end("<html>gateway</html>");
    case "no-choices":
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end('{"id":"x","choices":[]}');
    case "hang":
      return; // never answers: the client's timeout must end it
  }
}

/** A real HTTP server on loopback speaking the chat-completions protocol, with its failure modes. */
export async function startFakeModel(queue: Behaviour[], text = "A sharper text from the model."): Promise<FakeModel> {
  const fake: FakeModel = { baseUrl: "", queue, requests: [], close: async () => undefined };
  // The fake lives on loopback, which the model client reaches only with this set (or the Admin setting).
  process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
  const open = new Set<ServerResponse>();
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let raw = "";
    for await (const part of req) raw += part;
    fake.requests.push({ body: JSON.parse(raw), auth: req.headers.authorization });
    open.add(res);
    res.on("close", () => open.delete(res));
    const behaviour = fake.queue.length > 1 ? fake.queue.shift()! : fake.queue[0];
    if (req.url !== "/v1/chat/completions") {
      res.writeHead(404);
      return res.end();
    }
    answer(behaviour, text, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      for (const res of open) res.destroy();
      server.close(() => resolve());
    });
  return fake;
}
