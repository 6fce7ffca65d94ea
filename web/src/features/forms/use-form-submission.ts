import { useState } from "react";
import { type ApiFailure, callApi, failureOf } from "../../lib/api-client.ts";

export type SubmissionState = { sending: boolean; sent: boolean; failure: ApiFailure | null };

/** Posts a form to the API and keeps what a person needs to see: sending, sent, or what went wrong. */
export function useFormSubmission(path: string) {
  const [state, setState] = useState<SubmissionState>({ sending: false, sent: false, failure: null });
  const submit = async (body: unknown) => {
    setState({ sending: true, sent: false, failure: null });
    try {
      await callApi(path, { body, expectStatus: 201 });
      setState({ sending: false, sent: true, failure: null });
      return true;
    } catch (error) {
      setState({ sending: false, sent: false, failure: failureOf(error) });
      return false;
    }
  };
  return { ...state, submit };
}
