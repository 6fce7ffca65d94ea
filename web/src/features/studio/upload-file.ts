import { ApiError, readAnswer } from "../../lib/api-client.ts";

/**
 * Sends one file as multipart/form-data, telling how much has gone (fetch cannot report an upload's
 * progress; XMLHttpRequest can). Fails like callApi: an ApiError with the status and the server's sentence.
 */
export function uploadFile<T>(path: string, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(readAnswer<T>(request.status, request.responseText, request.status >= 200 && request.status < 300));
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
