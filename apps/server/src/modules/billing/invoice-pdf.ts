import type { Invoice } from '@rmm/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * An invoice as a PDF (pdf-lib, the standard Helvetica fonts, A4). The document's metadata carries the number
 * (title) and the totals (subject `Total 123.45 USD`, keywords `total=…`, `tax=…`, `subtotal=…`, `currency=…`)
 * so that a program can read them back without parsing the page (the document's objects are not compressed: the
 * Info dictionary can be read from the bytes). Text the standard fonts cannot draw (they
 * cover Latin-1) is drawn as "?".
 */

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const SIZE = 9;
const LINE = 13;
const grey = rgb(0.4, 0.4, 0.4);

/** Columns: description, quantity, unit price, amount (right-aligned numbers). */
const columns = { description: PAGE.margin, quantity: 390, unitPrice: 460, amount: PAGE.width - PAGE.margin };

type Fonts = { regular: PDFFont; bold: PDFFont };

const drawable = (font: PDFFont, text: string) => {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => (supported.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
};

/** The text cut to fit the width, with an ellipsis. */
const fitted = (font: PDFFont, text: string, width: number) => {
  let value = drawable(font, text);
  if (font.widthOfTextAtSize(value, SIZE) <= width) return value;
  while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, SIZE) > width) value = value.slice(0, -1);
  return `${value}...`;
};

/** The text in lines that fit the width, broken between words; past `maxLines` the last is cut with "...". */
const wrapped = (font: PDFFont, text: string, width: number, maxLines: number): string[] => {
  const fits = (value: string) => font.widthOfTextAtSize(value, SIZE) <= width;
  const lines: string[] = [];
  let current = '';
  for (const word of drawable(font, text).split(' ')) {
    const next = current === '' ? word : `${current} ${word}`;
    if (fits(next) || current === '') current = next;
    else {
      lines.push(current);
      current = word;
    }
  }
  lines.push(current);
  const kept = lines.slice(0, maxLines);
  kept[kept.length - 1] = fitted(font, lines.slice(kept.length - 1).join(' '), width);
  return kept.map((line, index) => (index < kept.length - 1 ? fitted(font, line, width) : line));
};

class Writer {
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Room for `lines` more lines, else a new page. */
  room(lines: number) {
    if (this.y - lines * LINE < PAGE.margin) this.newPage();
  }

  text(
    x: number,
    value: string,
    options: { bold?: boolean; size?: number; right?: boolean; grey?: boolean } = {},
  ) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? SIZE;
    const content = drawable(font, value);
    const left = options.right ? x - font.widthOfTextAtSize(content, size) : x;
    this.page.drawText(content, { x: left, y: this.y, size, font, ...(options.grey ? { color: grey } : {}) });
  }

  next(lines = 1) {
    this.y -= LINE * lines;
  }

  rule() {
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y + LINE - 4 },
      end: { x: PAGE.width - PAGE.margin, y: this.y + LINE - 4 },
      thickness: 0.5,
      color: grey,
    });
  }

  /** A table row; a long description wraps onto up to 3 lines (a counted line's count stays readable). */
  row(description: string, quantity: string, unitPrice: string, amount: string, bold = false) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const lines = wrapped(font, description, columns.quantity - columns.description - 70, 3);
    this.room(lines.length);
    for (const [index, line] of lines.entries()) {
      this.page.drawText(line, { x: columns.description, y: this.y, size: SIZE, font });
      if (index === 0) {
        this.text(columns.quantity, quantity, { right: true, bold });
        this.text(columns.unitPrice + 40, unitPrice, { right: true, bold });
        this.text(columns.amount, amount, { right: true, bold });
      }
      this.next();
    }
  }
}

const header = (writer: Writer, invoice: Invoice) => {
  writer.text(PAGE.margin, `Invoice ${invoice.number}`, { bold: true, size: 18 });
  writer.next(2);
  const facts: [string, string][] = [
    ['Organization', invoice.organizationName],
    ['Agreement', invoice.agreementName],
    [
      'Period',
      invoice.periodEnd === null
        ? `from ${invoice.periodStart}`
        : `${invoice.periodStart} to ${invoice.periodEnd}`,
    ],
    ['Issued', invoice.createTime.slice(0, 10)],
    ['Status', invoice.status],
  ];
  for (const [label, value] of facts) {
    writer.text(PAGE.margin, label, { grey: true });
    writer.text(PAGE.margin + 80, value);
    writer.next();
  }
  writer.next();
  writer.row('Description', 'Quantity', 'Unit price', `Amount (${invoice.currency})`, true);
  writer.rule();
};

const totals = (writer: Writer, invoice: Invoice) => {
  writer.room(4);
  writer.next(0.5);
  writer.rule();
  writer.row('Subtotal', '', '', invoice.subtotal);
  writer.row(invoice.taxRate === null ? 'Tax' : `Tax (${invoice.taxRate}%)`, '', '', invoice.tax);
  writer.row(`Total (${invoice.currency})`, '', '', invoice.total, true);
};

export const invoicePdf = async (invoice: Invoice): Promise<Uint8Array> => {
  const doc = await PDFDocument.create();
  const created = new Date(invoice.createTime);
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setSubject(`Total ${invoice.total} ${invoice.currency}`);
  doc.setKeywords([
    `invoice=${invoice.number}`,
    `subtotal=${invoice.subtotal}`,
    `tax=${invoice.tax}`,
    `total=${invoice.total}`,
    `currency=${invoice.currency}`,
  ]);
  doc.setCreator('RMM console');
  doc.setProducer('RMM console (pdf-lib)');
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(doc, fonts);
  header(writer, invoice);
  for (const line of invoice.lines) writer.row(line.description, line.quantity, line.unitPrice, line.amount);
  if (invoice.lines.length === 0) writer.row('No billable items in this period', '', '', '0.00');
  totals(writer, invoice);
  // Plain objects (no object streams): the metadata stays readable in the file's bytes.
  return doc.save({ useObjectStreams: false });
};
