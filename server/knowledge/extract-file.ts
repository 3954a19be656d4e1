// The text of an uploaded knowledge file: a PDF page by page (pages kept for citations) with
// unpdf 1.7.0 (pinned: the last version that runs on Node 20), a TXT file as it is.
import { extractText, getDocumentProxy } from 'unpdf';
import { MAX_PDF_PAGES, type SourceSection } from '../../src/core/knowledge/index.js';

export class ExtractionError extends Error {}

export async function extractPdf(data: Uint8Array): Promise<SourceSection[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(data));
  } catch (error) {
    throw new ExtractionError(`The PDF could not be read (${(error as Error).message || 'corrupt file'})`);
  }
  try {
    // A page count the reader can afford to walk; a 10,000-page file is refused, not read.
    if (pdf.numPages > MAX_PDF_PAGES) {
      throw new ExtractionError(`The PDF has ${pdf.numPages} pages; at most ${MAX_PDF_PAGES} can be indexed`);
    }
    const { text } = await extractText(pdf, { mergePages: false });
    const sections = text.map((page, index) => ({ text: page, page: index + 1 }));
    if (!sections.some((s) => s.text.trim())) {
      throw new ExtractionError('The PDF has no text (a scanned document needs OCR first)');
    }
    return sections;
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(`The PDF could not be read (${(error as Error).message})`);
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

export function extractTxt(data: Uint8Array): SourceSection[] {
  const text = Buffer.from(data).toString('utf8');
  if (!text.trim()) throw new ExtractionError('The file is empty');
  return [{ text }];
}
