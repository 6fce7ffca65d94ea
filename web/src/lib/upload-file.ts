import type { endpoints } from "../../../contract/api.ts";
import { useRef, useState } from "react";
import { answersInvalidated } from "./answers.ts";
import { type AnswerOf, ApiError, type ArgsOf, addressOf, type EndpointName, invalidatedBy, readAnswer } from "./api.ts";
import { useAppDispatch } from "./store-hooks.ts";

/** Every endpoint whose body is one file (`upload: true` in its contract entry), whichever capability owns it. */
type Upload = { [Name in EndpointName]: (typeof endpoints)[Name] extends { upload: true } ? Name : never }[EndpointName];

/**
 * Sends one file (a lesson's download, a picture) as multipart/form-data in the field `file`,
 * telling how much has gone (fetch cannot report an upload's progress; XMLHttpRequest can). Fails
 * like call: an ApiError with the status and the server's sentence, or `unreachable` (in the page's
 * own catalogue, so that no capability's sentences travel with another's page) when the server
 * could not be reached.
 */
export function uploadFile<Name extends Upload>(
  name: Name,
  address: ArgsOf<Name>,
  file: File,
  onProgress: (fraction: number) => void,
  unreachable: string,
  fields: Record<string, string> = {},
): Promise<AnswerOf<Name>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", addressOf(name, ...address));
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(readAnswer(request.status, request.responseText, request.status >= 200 && request.status < 300) as AnswerOf<Name>);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError({ status: 0, error: unreachable }));
    const form = new FormData();
    // Before the file: the server reads the fields that come ahead of it (a transcript's language).
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    form.append("file", file, file.name);
    request.send(form);
  });
}

type Run = <T>(call: () => Promise<T>, success: (answer: T) => string) => Promise<T | undefined>;

/**
 * A file input's choice and its upload (a lesson's download, a picture, a file for a client): the
 * file too large is told before a byte travels, the bar shows how far it has got, and once sent the
 * input is emptied and the answers the endpoint changes are read again. `run` is the caller's
 * useAction, whose Outcome reports the server's answer.
 */
export function useFileUpload({
  maxBytes,
  chooseFirst,
  tooLarge,
  unreachable,
  fields,
}: {
  maxBytes: number;
  chooseFirst: string;
  tooLarge: (file: File) => string;
  unreachable: string;
  /** Form fields sent ahead of the file, read when it is sent. */
  fields?: () => Record<string, string>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const dispatch = useAppDispatch();

  const send = async <Name extends Upload>(run: Run, name: Name, ...address: ArgsOf<Name>): Promise<AnswerOf<Name> | undefined> => {
    if (!chosen) return void setProblem(chooseFirst);
    if (chosen.size > maxBytes) return void setProblem(tooLarge(chosen));
    setProblem(null);
    setProgress(0);
    const answer = await run(
      () => uploadFile(name, address, chosen, setProgress, unreachable, fields?.()),
      (sent) => (sent as { message: string }).message,
    );
    setProgress(null);
    if (answer) {
      // Sent past send(), so the answers it changes are marked here (the endpoint's `invalidates`).
      dispatch(answersInvalidated(invalidatedBy(name)));
      setChosen(null);
      if (fileInput.current) fileInput.current.value = "";
    }
    return answer;
  };

  const choose = (file: File | null) => {
    setChosen(file);
    setProblem(null);
  };
  return { fileInput, chosen, choose, problem, setProblem, progress, send };
}

export type FileUpload = ReturnType<typeof useFileUpload>;
