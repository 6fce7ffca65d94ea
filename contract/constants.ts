// Plain values shared by the server and the web app. Kept apart from the zod schemas so that
// a screen needing only a sentence or a list does not download the validation library.

export const passwordRuleText = "Use 8 or more characters, including a letter, a number and a special character.";

/** The services of the /support form, in the order SPEC §2 lists them. */
export const supportServices = [
  "Fertility Support",
  "Birth Support",
  "Postpartum Support",
  "Birth and Postpartum Support",
  "Virtual Services",
] as const;
