import PDFKit from 'pdfkit';

// Real, openable PDFs: syllabus booklets and one-page circulars. CreationDate is fixed so the
// bytes (and therefore the content-hash file ids) are the same on every run.

export interface PdfSection {
  heading: string;
  lines: string[];
}

export interface PdfSpec {
  title: string;
  subtitle: string;
  /** The document's date, also its CreationDate. */
  date: Date;
  sections: PdfSection[];
  /** Start each section on a new page (syllabus booklets). */
  pagePerSection?: boolean;
  footer: string;
}

export function renderPdf(spec: PdfSpec): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({
      size: 'A4',
      margin: 56,
      info: { Title: spec.title, Author: spec.footer, CreationDate: spec.date, ModDate: spec.date },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).fillColor('#1e3a5f').text(spec.title, { align: 'center' });
    doc.moveDown(0.3).font('Helvetica').fontSize(12).fillColor('#444444').text(spec.subtitle, { align: 'center' });
    doc.moveDown(1);
    spec.sections.forEach((section, index) => {
      if (spec.pagePerSection && index > 0) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#1e3a5f').text(section.heading);
      doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor('#222222');
      for (const line of section.lines) doc.text(`•  ${line}`, { indent: 10, paragraphGap: 3 });
      doc.moveDown(1);
    });
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#777777').text(spec.footer, { align: 'center' });
    doc.end();
  });
}
