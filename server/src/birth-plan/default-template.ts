import type { BirthPlanSection } from "../../../contract/birth-plan.ts";
import { type Language, sentence } from "../../../contract/languages.ts";
import { translate } from "../language/catalogues.ts";

const section = (id: string, title: string, labels: string[]): BirthPlanSection => ({
  id,
  title,
  options: labels.map((label, index) => ({ id: `${id}-${index + 1}`, label, lesson_id: null })),
});

/**
 * The birth-preferences builder's sections and options as they ship, in English; the instructor
 * edits them in the studio (docs/product.md, Birth preferences). Option ids stay put once a member
 * has chosen them, in whichever language she reads them.
 */
export const defaultBirthPlanSections: BirthPlanSection[] = [
  section("labour", sentence("Where and how I labour"), [
    sentence("I would like to move freely and change position"),
    sentence("I would like to use a birth ball or birth stool"),
    sentence("I would like access to a bath or birth pool"),
    sentence("I would like dim lights and a quiet room"),
    sentence("I would like to play my own music"),
    sentence("I would like to eat and drink as I wish"),
  ]),
  section("support", sentence("Who supports me"), [
    sentence("My partner stays with me throughout"),
    sentence("My doula stays with me throughout"),
    sentence("I would like as few people in the room as possible"),
    sentence("Please ask before students observe or take part"),
  ]),
  section("pain", sentence("Pain relief"), [
    sentence("I would like to manage without medication as long as I can"),
    sentence("Please do not offer pain relief; I will ask for it"),
    sentence("I would like to try gas and air (Entonox)"),
    sentence("I would like a TENS machine"),
    sentence("I would like an epidural if it is available"),
    sentence("I would like water for comfort (shower or pool)"),
  ]),
  section("monitoring", sentence("Monitoring"), [
    sentence("Intermittent monitoring if all is well"),
    sentence("Wireless monitoring so I can keep moving"),
    sentence("Please explain any change in monitoring before it happens"),
  ]),
  section("interventions", sentence("Interventions"), [
    sentence("Please explain the reasons, benefits and alternatives before any intervention"),
    sentence("I would like my waters to break on their own"),
    sentence("I would prefer not to be induced unless there is a medical reason"),
    sentence("Please limit vaginal examinations"),
  ]),
  section("pushing", sentence("Pushing and birth"), [
    sentence("I would like to push when I feel the urge"),
    sentence("I would like to choose my position for birth"),
    sentence("Warm compresses and guidance to protect my perineum"),
    sentence("I would like to see or touch my baby's head as it crowns"),
    sentence("My partner would like to announce the sex"),
  ]),
  section("after", sentence("Straight after the birth"), [
    sentence("Immediate skin-to-skin contact"),
    sentence("Delayed cord clamping"),
    sentence("My partner would like to cut the cord"),
    sentence("A physiological (natural) third stage"),
    sentence("An actively managed third stage"),
  ]),
  section("feeding", sentence("Feeding"), [
    sentence("I plan to breastfeed"),
    sentence("I plan to feed with formula"),
    sentence("I would like help with the first feed"),
    sentence("Please do not give my baby formula or a dummy without asking me"),
  ]),
  section("caesarean", sentence("If a caesarean is needed"), [
    sentence("My partner stays with me in theatre"),
    sentence("I would like the screen lowered to see my baby born"),
    sentence("Skin-to-skin in theatre if we are both well"),
    sentence("Please explain what is happening as it happens"),
  ]),
  section("baby", sentence("Baby care"), [
    sentence("Vitamin K by injection"),
    sentence("Vitamin K by mouth"),
    sentence("I would like my baby to stay with me at all times"),
    sentence("Please delay the first bath"),
  ]),
];

/**
 * The shipped sections in a reader's language (her printable plan for a Spanish hospital is
 * Spanish): until the instructor saves her own, which are in her words and read as she wrote them.
 */
export const defaultBirthPlanSectionsIn = (language: Language): BirthPlanSection[] =>
  defaultBirthPlanSections.map((shipped) => ({
    ...shipped,
    title: translate(language, shipped.title),
    options: shipped.options.map((option) => ({ ...option, label: translate(language, option.label) })),
  }));
