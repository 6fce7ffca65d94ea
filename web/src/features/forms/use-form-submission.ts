import { useState } from "react";
import { type ApiFailure, failureOf } from "../../lib/api.ts";

export type SubmissionState = { sending: boolean; sent: boolean; failure: ApiFailure | null };

/** Sends a form (the call it is given) and keeps what a person needs to see: sending, sent, or what went wrong. */
export function useFormSubmission() {
  const [state, setState] = useState<SubmissionState>({ sending: false, sent: false, failure: null });
  const submit = async (send: () => Promise<unknown>) => {
    setState({ sending: true, sent: false, failure: null });
    try {
      await send();
      setState({ sending: false, sent: true, failure: null });
      return true;
    } catch (error) {
      setState({ sending: false, sent: false, failure: failureOf(error) });
      return false;
    }
  };
  return { ...state, submit };
}
