import { Gauge } from "lucide-react";
import type { VoiceScore } from "~/domain/assistant/types";

const barColour = (score: number) => (score >= 80 ? "bg-emerald-500" : score >= 60 ? "bg-amber-500" : "bg-rose-500");

/** The brand-voice score against the threshold, and the four parts it is made of. */
export function VoiceScoreCard({ score, threshold, toneName }: { score: VoiceScore | null; threshold: number; toneName: string }) {
  const meets = score !== null && score.score >= threshold;
  return (
    <section aria-labelledby="voice-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="voice-score">
      <h2 id="voice-title" className="flex items-center gap-2 font-semibold">
        <Gauge size={16} className="text-indigo-600" aria-hidden /> Brand Voice
      </h2>
      {score === null ? (
        <p className="mt-2 text-sm text-slate-500">Write some text to see how it fits the {toneName} voice.</p>
      ) : score.outline ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="voice-score-outline">
          {score.parts[0]?.detail} Write each section in your own words and delete the outline&apos;s label and notes; then the text is
          scored against the {toneName} voice.
        </p>
      ) : (
        <>
          <p className="mt-2 flex items-baseline gap-2">
            <strong className="text-3xl font-bold" data-testid="voice-score-value">
              {score.score}
            </strong>
            <span className="text-sm text-slate-500">/ 100</span>
            <span
              className={`ml-auto rounded-full px-2 py-0.5 text-xs font-medium ${meets ? "bg-emerald-50 text-emerald-700" : "bg-amber-50 text-amber-800"}`}
            >
              {meets ? `Meets the threshold (${threshold})` : `Below the threshold (${threshold})`}
            </span>
          </p>
          <ul className="mt-3 space-y-3">
            {score.parts.map((p) => (
              <li key={p.key} className="text-sm" data-testid="voice-part">
                <p className="flex justify-between font-medium">
                  <span>{p.label}</span>
                  <span>
                    {p.score} <span className="text-xs font-normal text-slate-500">· {Math.round(p.weight * 100)}%</span>
                  </span>
                </p>
                <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden>
                  <div className={`h-1.5 rounded-full ${barColour(p.score)}`} style={{ width: `${p.score}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-600">{p.detail}</p>
                {p.score < threshold && p.fixes?.length ? (
                  <ul
                    className="mt-1 list-disc space-y-0.5 pl-4 text-xs text-slate-700"
                    aria-label={`How to raise ${p.label}`}
                    data-testid="voice-fixes"
                  >
                    {p.fixes.slice(0, 3).map((f, i) => (
                      <li key={i}>{f.message}</li>
                    ))}
                    {p.fixes.length > 3 ? <li className="list-none text-slate-500">and {p.fixes.length - 3} more</li> : null}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
