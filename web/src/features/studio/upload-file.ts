import { type AnswerOf, ApiError, type ArgsOf, addressOf, readAnswer } from "../../lib/api.ts";
import { t } from "./messages.ts";

type Upload = "uploadLessonFile" | "uploadCourseCover" | "uploadAboutPhoto";

/**
 * Sends one file (a lesson's download, a picture) as multipart/form-data in the field `file`,
 * telling how much has gone (fetch cannot report an upload's progress; XMLHttpRequest can). Fails
 * like call: an ApiError with the status and the server's sentence.
 */
export function uploadFile<Name extends Upload>(
  name: Name,
  address: ArgsOf<Name>,
  file: File,
  onProgress: (fraction: number) => void,
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
    request.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          error: t("The upload stopped: we could not reach the server. Please check your connection and try again."),
        }),
      );
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}
