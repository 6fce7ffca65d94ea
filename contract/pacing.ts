// Pacing to her due date: plain functions shared by the server (/home's lessons for this week) and
// the web app (the course page's "Recommended now" and "Coming up"). Pacing only suggests; nothing
// is ever locked by it.

/** Weeks 43 and above mean "after the birth" (the fourth trimester) in a module's recommended_week. */
export const POSTPARTUM_WEEK = 43;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PacingStage = { kind: "pregnant"; week: number } | { kind: "postpartum" } | { kind: "unknown" };

/** Where she is: the completed weeks of pregnancy counted back from her due date (40 weeks), or after the birth. */
export function pacingStage(profile: { due_date: string | null; baby_arrived: boolean }, today = new Date()): PacingStage {
  if (profile.baby_arrived) return { kind: "postpartum" };
  if (!profile.due_date) return { kind: "unknown" };
  const due = Date.parse(`${profile.due_date}T00:00:00Z`);
  if (Number.isNaN(due)) return { kind: "unknown" };
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysPregnant = 280 - Math.round((due - todayUtc) / DAY_MS);
  return { kind: "pregnant", week: Math.min(42, Math.max(1, Math.floor(daysPregnant / 7))) };
}

/** Whether a module suits her now, soon, or neither. */
export function moduleTiming(recommendedWeek: number | null, stage: PacingStage): "now" | "soon" | null {
  if (recommendedWeek === null || stage.kind === "unknown") return null;
  if (stage.kind === "postpartum") return recommendedWeek >= POSTPARTUM_WEEK ? "now" : null;
  if (recommendedWeek <= stage.week && stage.week <= recommendedWeek + 2) return "now";
  if (recommendedWeek > stage.week && recommendedWeek <= stage.week + 4) return "soon";
  return null;
}
