import { useId, useState } from "react";
import "../videos-endpoints.ts";
import { useAnswer } from "../../../lib/answers.ts";
import { chooseSavedHeight, SAVED_HEIGHTS, savedHeight } from "./saved-video.ts";
import { t } from "../messages.ts";

/**
 * Beside "Save for offline": the picture size a saved video keeps, on a lesson with a video of its
 * own (and on a course's "Save this course"). Her choice stays on this phone for the next save.
 */
export default function SavedVideoChoice({ lessonId }: { lessonId: number | null }) {
  const own = useAnswer("lessonOwnVideo", { params: { lessonId: lessonId ?? 0 } }, { skip: lessonId === null });
  const [height, setHeight] = useState(savedHeight);
  const name = useId();
  if (lessonId !== null && !own.answer?.playlist_url) return null;
  const labels = { 360: t("Smaller (360p)"), 720: t("Sharper (720p), about twice the space") };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: "0 0 8px" }}>
      <legend className="small-text" style={{ padding: 0, marginBottom: 4 }}>
        {t("Picture of the videos saved on this phone")}
      </legend>
      <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
        {SAVED_HEIGHTS.map((choice) => (
          <label key={choice} className="small-text" style={{ display: "flex", alignItems: "center", gap: 6, minHeight: 44 }}>
            <input
              type="radio"
              name={name}
              value={choice}
              checked={height === choice}
              onChange={() => {
                chooseSavedHeight(choice);
                setHeight(choice);
              }}
            />
            {labels[choice]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
