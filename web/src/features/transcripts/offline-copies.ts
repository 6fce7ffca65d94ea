import "./transcripts-endpoints.ts";
import { addressOf, call } from "../../lib/api.ts";
import { pageLanguage } from "../../lib/i18n.ts";

/**
 * The answers a lesson saved for offline keeps of its transcript (docs/transcripts.md): the one
 * the page asks first, in her language, and each other language the lesson has, so the transcript
 * and its language choice work without a signal. A lesson without a transcript keeps none.
 */
export async function transcriptAddresses(lessonId: number): Promise<string[]> {
  const first = { params: { lessonId }, query: { language: pageLanguage() } };
  const answer = await call("lessonTranscript", first).catch(() => null);
  if (!answer) return [];
  const others = answer.languages.filter((language) => language !== pageLanguage());
  return [
    addressOf("lessonTranscript", first),
    ...others.map((language) => addressOf("lessonTranscript", { params: { lessonId }, query: { language } })),
  ];
}
