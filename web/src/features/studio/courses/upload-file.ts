import { type AnswerOf, ApiError, addressOf, readAnswer } from "../../../lib/api.ts";

/**
 * Sends one file to a lesson's downloads as multipart/form-data, telling how much has gone (fetch
 * cannot report an upload's progress; XMLHttpRequest can). Fails like call: an ApiError with the
 * status and the server's sentence.
 */
export function uploadFile(lessonId: number, file: File, onProgress: (fraction: number) => void): Promise<AnswerOf<"uploadLessonFile">> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", addressOf("uploadLessonFile", { params: { lessonId } }));
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(readAnswer(request.status, request.responseText, request.status === 201) as AnswerOf<"uploadLessonFile">);
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () =>
      reject(
        new ApiError({
          status: 0,
          error: "The upload stopped: we could not reach the server. Please check your connection and try again.",
        }),
      );
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}
