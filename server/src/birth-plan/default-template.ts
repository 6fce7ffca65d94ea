import type { BirthPlanSection } from "../../../contract/birth-plan.ts";

const section = (id: string, title: string, labels: string[]): BirthPlanSection => ({
  id,
  title,
  options: labels.map((label, index) => ({ id: `${id}-${index + 1}`, label, lesson_id: null })),
});

/**
 * The birth-preferences builder's sections and options as they ship; the instructor edits them in
 * the studio (docs/product.md, Birth preferences). Option ids stay put once a member has chosen them.
 */
export const defaultBirthPlanSections: BirthPlanSection[] = [
  section("labour", "Where and how I labour", [
    "I would like to move freely and change position",
    "I would like to use a birth ball or birth stool",
    "I would like access to a bath or birth pool",
    "I would like dim lights and a quiet room",
    "I would like to play my own music",
    "I would like to eat and drink as I wish",
  ]),
  section("support", "Who supports me", [
    "My partner stays with me throughout",
    "My doula stays with me throughout",
    "I would like as few people in the room as possible",
    "Please ask before students observe or take part",
  ]),
  section("pain", "Pain relief", [
    "I would like to manage without medication as long as I can",
    "Please do not offer pain relief; I will ask for it",
    "I would like to try gas and air (Entonox)",
    "I would like a TENS machine",
    "I would like an epidural if it is available",
    "I would like water for comfort (shower or pool)",
  ]),
  section("monitoring", "Monitoring", [
    "Intermittent monitoring if all is well",
    "Wireless monitoring so I can keep moving",
    "Please explain any change in monitoring before it happens",
  ]),
  section("interventions", "Interventions", [
    "Please explain the reasons, benefits and alternatives before any intervention",
    "I would like my waters to break on their own",
    "I would prefer not to be induced unless there is a medical reason",
    "Please limit vaginal examinations",
  ]),
  section("pushing", "Pushing and birth", [
    "I would like to push when I feel the urge",
    "I would like to choose my position for birth",
    "Warm compresses and guidance to protect my perineum",
    "I would like to see or touch my baby's head as it crowns",
    "My partner would like to announce the sex",
  ]),
  section("after", "Straight after the birth", [
    "Immediate skin-to-skin contact",
    "Delayed cord clamping",
    "My partner would like to cut the cord",
    "A physiological (natural) third stage",
    "An actively managed third stage",
  ]),
  section("feeding", "Feeding", [
    "I plan to breastfeed",
    "I plan to feed with formula",
    "I would like help with the first feed",
    "Please do not give my baby formula or a dummy without asking me",
  ]),
  section("caesarean", "If a caesarean is needed", [
    "My partner stays with me in theatre",
    "I would like the screen lowered to see my baby born",
    "Skin-to-skin in theatre if we are both well",
    "Please explain what is happening as it happens",
  ]),
  section("baby", "Baby care", [
    "Vitamin K by injection",
    "Vitamin K by mouth",
    "I would like my baby to stay with me at all times",
    "Please delay the first bath",
  ]),
];
