import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { deliveredKinds } from '../../../shared/licensing/delivery';
import { commerceTexts, formatMoney } from '../../../shared/i18n/commerce';
import { termLines } from '../../../shared/licensing/tiers';
import { s3 } from '../aws/s3';
import { config } from '../config';
import { listBeatLicences, type LicenceRecord } from './store';

/** The standard fonts encode WinAnsi only: anything else (emoji, CJK) becomes '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g, '?');
}

const FILE_NAMES = { mp3: 'MP3', wav: 'WAV', stems: 'Stems (ZIP)' } as const;

/**
 * The licence agreement as a PDF (pdf-lib) in the buyer's language (chosen at checkout; pt-BR for licences
 * sold before it was recorded): parties, beat, tier, terms, price, date, order id; for an exclusive, the
 * leases sold earlier, which stay valid.
 */
export async function renderAgreement(
  licence: LicenceRecord,
  earlierLeases: LicenceRecord[],
): Promise<Uint8Array> {
  // pdf-lib (~350 KB) is a chunk of its own: only the requests that write an agreement load it.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const language = licence.language ?? 'pt-BR';
  const texts = commerceTexts(language);
  const text = texts.agreement;
  const brl = (value: number) => formatMoney(value, 'BRL', language);
  const pdf = await PDFDocument.create();
  pdf.setTitle(text.documentTitle(printable(licence.project_title)));
  pdf.setAuthor('5D');
  pdf.setSubject(text.order(licence.order_id));
  pdf.setLanguage(language);
  pdf.setCreationDate(new Date(licence.created_at));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const margin = 56;
  const width = 595.28 - 2 * margin;

  const wrap = (text: string, font: PDFFont, size: number): string[] => {
    const words = printable(text).split(/\s+/);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  const write = (text: string, options: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10.5;
    for (const line of wrap(text, font, size)) {
      if (y < 60) {
        page = pdf.addPage([595.28, 841.89]);
        y = 790;
      }
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size * 1.45;
    }
    y -= options.gap ?? 0;
  };

  const exclusive = licence.tier === 'exclusive';
  write(text.title, { font: bold, size: 16, gap: 4 });
  write(`${texts.tierNames[licence.tier]} — ${exclusive ? text.exclusiveRights : text.nonExclusive}`, {
    font: bold,
    size: 12,
    gap: 10,
  });
  write(text.order(licence.order_id));
  write(text.date(new Date(licence.created_at).toLocaleString(language, { timeZone: 'America/Sao_Paulo' })), {
    gap: 10,
  });
  write(text.parties, { font: bold, size: 12 });
  write(text.licensor(licence.creator_name || licence.creator_id, licence.creator_id));
  write(text.licensee(licence.buyer_name || licence.buyer_id, licence.buyer_id), { gap: 10 });
  write(text.work, { font: bold, size: 12 });
  write(text.beat(licence.project_title, licence.project_id));
  // Licences sold before `stems_included` was recorded list the tier's files as they were sold.
  const files = deliveredKinds(licence.tier, licence.stems_included ?? true);
  write(
    text.files(files.map((f) => FILE_NAMES[f]).join(', ')) +
      (licence.ai_stems && files.includes('stems') ? ` — ${text.aiStems}` : ''),
    { gap: 10 },
  );
  write(text.price, { font: bold, size: 12 });
  write(text.listPrice(brl(licence.list_price)));
  if (licence.coupon) write(text.coupon(licence.coupon));
  if (licence.offer_id) write(text.offer(licence.offer_id));
  write(text.paid(brl(licence.amount)), { font: bold, gap: 10 });
  write(text.terms, { font: bold, size: 12 });
  for (const [label, value] of termLines(licence.terms, licence.creator_name, language))
    write(`• ${label}: ${value}`);
  y -= 8;
  write(text.conditions, { font: bold, size: 12 });
  write(exclusive ? text.exclusiveCondition : text.nonExclusiveCondition);
  if (exclusive) {
    y -= 8;
    write(text.earlierLeases, { font: bold, size: 12 });
    if (earlierLeases.length === 0) write(text.none);
    for (const lease of earlierLeases)
      write(
        text.earlierLease(
          texts.tierNames[lease.tier],
          lease.order_id,
          new Date(lease.created_at).toLocaleDateString(language, { timeZone: 'America/Sao_Paulo' }),
        ),
      );
  }
  y -= 16;
  write(text.footer, { size: 9 });
  return pdf.save();
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey')
      return false;
    throw error;
  }
}

/** Renders and stores the agreement (private object of the audio bucket). */
export async function storeAgreement(licence: LicenceRecord): Promise<void> {
  const earlier =
    licence.tier === 'exclusive'
      ? (await listBeatLicences(licence.project_id)).filter(
          (l) =>
            l.order_id !== licence.order_id && l.tier !== 'exclusive' && l.created_at <= licence.created_at,
        )
      : [];
  const bytes = await renderAgreement(licence, earlier);
  await s3.send(
    new PutObjectCommand({
      Bucket: config.AUDIO_BUCKET,
      Key: licence.agreement_key,
      Body: bytes,
      ContentType: 'application/pdf',
    }),
  );
}

/** The agreement exists (generated at purchase; generated now if that step failed). */
export async function ensureAgreement(licence: LicenceRecord): Promise<void> {
  if (!(await exists(licence.agreement_key))) await storeAgreement(licence);
}

export async function readAgreement(key: string): Promise<Uint8Array> {
  const result = await s3.send(new GetObjectCommand({ Bucket: config.AUDIO_BUCKET, Key: key }));
  return result.Body!.transformToByteArray();
}
