import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import type { OpenLesson } from "../../../../contract/catalogue.ts";
import { useAppSelector } from "../../app/store.ts";
import { canSaveForOffline, removeSavedLesson, saveLessonForOffline, savedLesson } from "./saved-lessons.ts";

type SaveState = "checking" | "not-saved" | "saving" | "saved" | "failed";

const messages: Partial<Record<SaveState, string>> = {
  saved: "Saved on this phone: the notes, the summary and the downloads open without a signal. Videos need a connection.",
  failed: "This lesson could not be saved just now. Please try again when the connection is better.",
};

/** Save for offline / Remove on a lesson page (issue 12). */
export function SaveForOffline({ courseId, courseTitle, moduleTitle, lesson }: { courseId: number; courseTitle: string; moduleTitle: string; lesson: OpenLesson }) {
  const member = useAppSelector((state) => state.session.user);
  const [state, setState] = useState<SaveState>("checking");
  useEffect(() => {
    if (!member || !canSaveForOffline()) return;
    let current = true;
    void savedLesson(member.id, courseId, lesson.id).then((saved) => current && setState(saved ? "saved" : "not-saved"));
    return () => {
      current = false;
    };
  }, [member, courseId, lesson.id]);
  if (!member || !canSaveForOffline()) return null;

  const save = async () => {
    setState("saving");
    try {
      await saveLessonForOffline(member, { courseId, courseTitle, moduleTitle, lesson });
      setState("saved");
    } catch (error) {
      console.error("Saving the lesson for offline failed", error);
      setState("failed");
    }
  };
  const remove = async () => {
    await removeSavedLesson(member.id, courseId, lesson.id);
    setState("not-saved");
  };
  return (
    <Box sx={{ my: 2 }}>
      {state === "saved" ? (
        <Button variant="outlined" onClick={() => void remove()}>
          Remove from this phone
        </Button>
      ) : (
        // While it checks, the button is already in place (disabled), so nothing below it moves.
        <Button variant="outlined" disabled={state === "checking"} loading={state === "saving"} onClick={() => void save()}>
          Save for offline
        </Button>
      )}
      <Typography role="status" variant="body2" sx={{ mt: 1, color: state === "failed" ? "error.main" : "text.secondary" }}>
        {messages[state] ?? ""}
      </Typography>
    </Box>
  );
}
