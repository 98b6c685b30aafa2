/**
 * How a user message's attachments travel in an AI SDK prompt: one text part per file after the message, wrapped
 * in an `<attachment>` element that names it, so a provider model reads the file's text next to the request, and
 * the built-in model served through the AI SDK (builtinLanguageModel.ts) reads the same attachments back.
 */

import type { MessageAttachment } from '../types';

const OPEN = /^<attachment id="([^"]*)" filename="([^"]*)" contentType="([^"]*)" size="(\d+)"( truncated="true")?>\n/;
const CLOSE = '\n</attachment>';

const attr = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const unattr = (value: string) => value.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

/** The text part of one attachment. */
export function attachmentPart(a: MessageAttachment): string {
  const head =
    `<attachment id="${attr(a.id)}" filename="${attr(a.filename)}" contentType="${attr(a.contentType)}" ` +
    `size="${a.size}"${a.truncated ? ' truncated="true"' : ''}>\n`;
  const body = a.text ?? '(the text of this format is not extracted)';
  return `${head}${body}${CLOSE}`;
}

/** The attachment a text part carries, or undefined for an ordinary text part. */
export function parseAttachmentPart(text: string): MessageAttachment | undefined {
  const open = OPEN.exec(text);
  if (!open || !text.endsWith(CLOSE)) return undefined;
  const body = text.slice(open[0].length, text.length - CLOSE.length);
  const extracted = body !== '(the text of this format is not extracted)';
  return {
    id: unattr(open[1]!),
    filename: unattr(open[2]!),
    contentType: unattr(open[3]!),
    size: Number(open[4]),
    ...(extracted ? { text: body } : {}),
    ...(open[5] ? { truncated: true } : {}),
  };
}
