/*
 * XLSX workbooks. No XLSX reader is installed yet (see README.md), so every workbook is refused
 * with a message that says what to do instead; a reader goes behind this one function.
 */

/** The rows of the workbook's first sheet, each cell as text. */
export async function readXlsxRows(_bytes: Uint8Array): Promise<string[][]> {
  throw new Error(
    "XLSX 파일은 아직 읽지 못합니다. 엑셀에서 CSV(쉼표로 분리)로 저장해 올려 주세요.",
  );
}
