import type { Language } from "../../../contract/languages.ts";

// The agreement a new package starts from (docs/care.md), in the language she works in: hers to
// edit, in her own words. Each {{field}} is filled for the client it is made for
// (contract/care-fields.ts, agreementFields). A language added to contract/languages.ts needs one.
const english = `<h3>Birth support agreement</h3>
<p>This agreement is between {{client_name}} ("you") and {{doula_name}} of {{business_name}} ("your doula"), for the pregnancy with a due date of {{due_date}}.</p>
<h3>What your doula offers</h3>
<p>Your doula gives continuous emotional, physical and informational support before, during and after the birth: the prenatal and postpartum visits of your package, and being on call for you from {{on_call_from}} to {{on_call_until}}. She does not give medical care, make medical decisions, or speak for you to your care providers.</p>
<h3>Fee and payments</h3>
<p>The fee is {{fee}}: {{schedule}}. The deposit holds your place in her calendar and is not refundable once the on-call window has begun.</p>
<h3>On call</h3>
<p>From {{on_call_from}} to {{on_call_until}} your doula keeps herself free to come to you at any hour. If she cannot come (illness, two births at once), her backup doula comes in her place.</p>
<h3>Privacy</h3>
<p>What you tell your doula stays between you, except where the law requires otherwise.</p>
<h3>Ending this agreement</h3>
<p>Either of you may end this agreement in writing. Payments for visits already made stay due.</p>`;

const spanish = `<h3>Acuerdo de acompañamiento al parto</h3>
<p>Este acuerdo se establece entre {{client_name}} («tú») y {{doula_name}}, de {{business_name}} («tu doula»), para el embarazo con fecha probable de parto el {{due_date}}.</p>
<h3>Lo que ofrece tu doula</h3>
<p>Tu doula te da apoyo emocional, físico e informativo continuo antes, durante y después del parto: las visitas prenatales y posparto de tu paquete, y estar de guardia para ti del {{on_call_from}} al {{on_call_until}}. No presta atención médica, no toma decisiones médicas ni habla en tu nombre con tus profesionales sanitarios.</p>
<h3>Honorarios y pagos</h3>
<p>Los honorarios son {{fee}}: {{schedule}}. La señal reserva tu lugar en su calendario y no se devuelve una vez empezada la guardia.</p>
<h3>Guardia</h3>
<p>Del {{on_call_from}} al {{on_call_until}} tu doula se mantiene libre para acudir a tu lado a cualquier hora. Si no puede acudir (por enfermedad o por dos partos a la vez), su doula de apoyo acude en su lugar.</p>
<h3>Privacidad</h3>
<p>Lo que le cuentes a tu doula queda entre vosotras, salvo cuando la ley disponga otra cosa.</p>
<h3>Fin del acuerdo</h3>
<p>Cualquiera de las dos puede poner fin a este acuerdo por escrito. Los pagos de las visitas ya realizadas siguen siendo debidos.</p>`;

/** The agreement a new package starts from, in a language. */
export const defaultAgreements = { en: english, es: spanish } satisfies Record<Language, string>;
