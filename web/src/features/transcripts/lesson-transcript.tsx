import "./transcripts-endpoints.ts";
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from "react";
import type { TranscriptCue } from "../../../../contract/transcripts.ts";
import { useAnswer } from "../../lib/answers.ts";
import { clockTime } from "../../lib/clock-time.ts";
import type { LessonPlayer } from "../../lib/lesson-player.ts";
import { pageLanguage, pageLocale, t } from "./messages.ts";

// A lesson's transcript under its video (docs/transcripts.md): every cue with its time, the one
// being spoken marked (aria-current, never announced), a press moving the video there; and
// captions, the spoken cue large under the player, for a video whose own captions are off or missing.

/** The cue being spoken at `seconds` (the last that has begun and not ended), or -1 between cues. */
export function cueAt(cues: readonly TranscriptCue[], seconds: number | null): number {
  if (seconds === null) return -1;
  for (let index = cues.length - 1; index >= 0; index -= 1) {
    const cue = cues[index]!;
    if (cue.start !== null && cue.start <= seconds) return cue.end !== null && seconds < cue.end ? index : -1;
  }
  return -1;
}

/** A language's name in the page's language ("español", "English"), or its tag when the browser does not know it. */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([pageLocale()], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Keeps the spoken cue in view inside the list (never the page), unless she is reading elsewhere in it. */
function useFollow(list: RefObject<HTMLOListElement | null>, current: number) {
  const [reading, setReading] = useState(false);
  useEffect(() => {
    const box = list.current;
    const item = box?.children[current] as HTMLElement | undefined;
    if (!box || !item || reading) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - 8;
  }, [list, current, reading]);
  return {
    onPointerEnter: () => setReading(true),
    onPointerLeave: () => setReading(false),
    onFocus: () => setReading(true),
    onBlur: () => setReading(false),
  };
}

export default function LessonTranscript({ lessonId, player }: { lessonId: number; player: LessonPlayer | null }) {
  const [language, setLanguage] = useState<string>(() => pageLanguage());
  const { answer } = useAnswer("lessonTranscript", { params: { lessonId }, query: { language } });
  const [seconds, setSeconds] = useState<number | null>(null);
  const [captions, setCaptions] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const headingId = useId();
  const languageId = useId();
  useEffect(() => player?.onTime(setSeconds), [player]);
  const cues = useMemo(() => answer?.cues ?? [], [answer]);
  const current = answer?.timed ? cueAt(cues, seconds) : -1;
  const follow = useFollow(list, current);
  // No transcript (404), a locked lesson (403) or a failure: the lesson reads as it did without one.
  if (!answer) return null;
  const canMove = answer.timed && player !== null;
  return (
    <section aria-labelledby={headingId} className="transcript">
      <div className="transcript-bar">
        <h2 id={headingId} className="section-title" style={{ margin: 0 }}>
          {t("Transcript")}
        </h2>
        {answer.languages.length > 1 ? (
          <span className="transcript-language">
            <label htmlFor={languageId}>{t("Language")}</label>
            <select id={languageId} value={answer.language} onChange={(event) => setLanguage(event.target.value)}>
              {answer.languages.map((tag) => (
                <option key={tag} value={tag} lang={tag}>
                  {languageName(tag)}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        {canMove ? (
          <button type="button" className="button button-outlined" aria-pressed={captions} onClick={() => setCaptions(!captions)}>
            {t("Captions")}
          </button>
        ) : null}
      </div>
      {captions && canMove ? (
        // Read by sight as the video plays; the transcript below is what a screen reader follows.
        <p className="transcript-caption" lang={answer.language} aria-hidden="true">
          {current >= 0 ? cues[current]!.text : "\u00a0"}
        </p>
      ) : null}
      {answer.timed ? (
        <ol
          ref={list}
          className="transcript-cues"
          lang={answer.language}
          aria-labelledby={headingId}
          // Without buttons inside, the list itself takes the keyboard, so it can be scrolled.
          tabIndex={canMove ? undefined : 0}
          {...follow}
        >
          {cues.map((cue, index) =>
            canMove ? (
              <li key={index}>
                <button
                  type="button"
                  className="transcript-cue"
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => player.seekTo(cue.start ?? 0)}
                >
                  <span className="transcript-time">{clockTime(cue.start ?? 0)}</span>
                  <span>{cue.text}</span>
                </button>
              </li>
            ) : (
              <li key={index} className="transcript-cue">
                <span className="transcript-time">{clockTime(cue.start ?? 0)}</span>
                <span>{cue.text}</span>
              </li>
            ),
          )}
        </ol>
      ) : (
        // Scrolls on its own: reachable by keyboard, and named for what it holds.
        <div className="transcript-text" lang={answer.language} role="region" aria-labelledby={headingId} tabIndex={0}>
          {cues.map((cue, index) => (
            <p key={index}>{cue.text}</p>
          ))}
        </div>
      )}
    </section>
  );
}
