// s3rver ships no types: the part the tests use (testing/s3-server.ts).
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs: unknown[] }[];
    });
    run(): Promise<{ address: string; port: number }>;
    configureBuckets(): Promise<void>;
    callback(): (request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void;
    close(): Promise<void>;
  }
}
