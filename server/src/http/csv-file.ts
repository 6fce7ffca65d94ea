import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";

// A spreadsheet runs a cell that starts with one of these (OWASP's list, with the full-width forms
// some spreadsheets normalise). A line break inside a quoted cell starts a new line that a careless
// importer may read as a new cell, so every line of a cell is checked, not only the first.
const FORMULA_AFTER_LINE_START = /(?<=^|[\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A cell as text a spreadsheet never evaluates: an apostrophe before any line that starts like a formula. */
export function neutraliseFormulas(cell: string): string {
  return cell.replace(FORMULA_AFTER_LINE_START, "'");
}

/**
 * Every CSV the product writes: RFC 4180 (CRLF between rows, a cell quoted when it holds a comma,
 * a quote or any line break), a BOM so spreadsheets read UTF-8, and every cell neutralised. Rows
 * are read only as the client takes the file; `onError` hears a failure part way.
 */
export function csvFile(header: string[], rows: AsyncIterable<string[]> | Iterable<string[]>, onError: (error: Error) => void): Readable {
  // csv-stringify stops quoting a bare \n or \r once record_delimiter is set, unless told to.
  const csv = stringify({ header: true, columns: header, record_delimiter: "windows", quote_record_delimiter: true, bom: true });
  async function* neutralised() {
    for await (const row of rows) yield row.map(neutraliseFormulas);
  }
  pipeline(Readable.from(neutralised()), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
