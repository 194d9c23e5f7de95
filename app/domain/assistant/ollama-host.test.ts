import { describe, expect, it } from "vitest";
import { ollamaBaseUrl, ollamaHost } from "./ollama-host";

describe("ollamaHost", () => {
  it("defaults to localhost:11434 and accepts Ollama's own forms", () => {
    expect(ollamaHost({})).toBe("http://localhost:11434");
    expect(ollamaHost({ OLLAMA_HOST: "ollama:11434" })).toBe("http://ollama:11434");
    expect(ollamaHost({ OLLAMA_HOST: "https://gpu.example.test/" })).toBe("https://gpu.example.test");
    expect(ollamaBaseUrl(ollamaHost({}))).toBe("http://localhost:11434/v1");
  });
});
