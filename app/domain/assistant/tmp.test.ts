import { it } from "vitest";
import { suggestLocal } from "./suggest";
import { scoreLocal } from "./score";
import { sampleVoice } from "./test-voice";
import { FIXTURE_TEXTS } from "../../../tests/fixtures/assistant-texts";
it("x", () => {
  console.log(suggestLocal("The effect shows within weeks.", sampleVoice()).map((s) => [s.original, s.replacement, s.message]));
  console.log(suggestLocal("These changes effect the whole team.", sampleVoice()).map((s) => [s.original, s.replacement, s.message]));
  const k = scoreLocal(FIXTURE_TEXTS[0].text, sampleVoice()).parts.find((p) => p.key === "keywords");
  console.log(k);
});
