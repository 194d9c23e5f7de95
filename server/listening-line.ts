/** The line the server logs once it listens, with the Node it runs on (decision 037). */
export function listeningLine(url: string): string {
  return `Content Studio on ${url} (${process.env.NODE_ENV ?? "development"}, Node ${process.version})`;
}
