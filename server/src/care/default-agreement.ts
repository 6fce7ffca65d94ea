// The agreement a new package starts from (docs/care.md): hers to edit, in her own words. Each
// {{field}} is filled for the client it is made for (contract/care-fields.ts, agreementFields).
export const defaultAgreement = `<h3>Birth support agreement</h3>
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
