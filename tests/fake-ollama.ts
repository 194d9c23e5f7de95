import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A fake Ollama on loopback: GET /api/tags lists its models; POST /v1/chat/completions answers for a listed model only. */
export interface FakeOllama {
  host: string;
  models: string[];
  chats: { model: string; messages: { role: string; content: string }[] }[];
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

export async function startFakeOllama(models: string[], reply = "An enhanced text from the local model.", port = 0): Promise<FakeOllama> {
  const fake: FakeOllama = { host: "", models, chats: [], close: async () => undefined };
  // The fake lives on loopback, which the model client reaches only with this set (or the Admin setting).
  process.env.STUDIO_ALLOW_PRIVATE_TARGETS = "1";
  const server: Server = createServer(async (req, res) => {
    let raw = "";
    for await (const part of req) raw += part;
    if (req.method === "GET" && req.url === "/api/tags")
      return json(res, 200, {
        models: fake.models.map((name) => ({
          name,
          model: name,
          size: 1_300_000_000,
          details: { parameter_size: "1.2B", family: "llama" },
        })),
      });
    if (req.method === "POST" && req.url === "/v1/chat/completions") {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[]; stream?: boolean };
      if (!fake.models.includes(body.model))
        return json(res, 404, { error: { message: `model "${body.model}" not found, try pulling it first`, type: "api_error" } });
      fake.chats.push({ model: body.model, messages: body.messages });
      if (body.stream) {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        for (const word of reply.split(/(?<= )/))
          res.write(`data: ${JSON.stringify({ model: body.model, choices: [{ index: 0, delta: { content: word } }] })}\n\n`);
        return res.end("data: [DONE]\n\n");
      }
      return json(res, 200, {
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: reply } }],
        usage: { prompt_tokens: 31, completion_tokens: 9 },
      });
    }
    return json(res, 404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  fake.host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** Runs the fake as its own process for browser tests: `npx tsx tests/fake-ollama.ts <port> model…`. */
if (process.argv[1]?.endsWith("fake-ollama.ts") && process.argv[2]) {
  void startFakeOllama(process.argv.slice(3), undefined, Number(process.argv[2])).then((f) => console.log(`fake Ollama at ${f.host}`));
}
