import "./checks-endpoints.ts";
import { useAnswer } from "../../lib/answers.ts";
import { CheckForm } from "./check-form.tsx";

// A lesson's knowledge checks (docs/checks.md), under its own words.

/** Under a lesson's own words (the lessonExtras slot): its checks, if it has any. */
export default function LessonChecks({ lessonId }: { lessonId: number }) {
  const { answer } = useAnswer("lessonChecks", { params: { lessonId } });
  if (!answer || answer.checks.length === 0) return null;
  return answer.checks.map((check) => <CheckForm key={check.id} check={check} />);
}
