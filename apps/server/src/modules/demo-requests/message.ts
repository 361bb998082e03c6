import { escapeHtml, headerText, type MailMessage } from '../../lib/mailer.ts';
import type { DemoRequestRow } from './repository.ts';

/**
 * The mail of one demo request: who wants the demo (the reply goes to them), and which technician sent it
 * from which console. What the technician typed is text in the plain part and escaped in the HTML part.
 */
export const demoRequestMessage = (
  row: DemoRequestRow,
  { to, consoleUrl }: { to: string; consoleUrl: string | undefined },
): MailMessage => {
  const facts: [string, string][] = [
    ['Name', row.userName],
    ['Email', row.userEmail],
    ['Sent by', `${row.requestedByName} <${row.requestedByEmail}>`],
    ['Sent at', row.createdAt.toISOString()],
    ...(consoleUrl ? [['Console', consoleUrl] as [string, string]] : []),
  ];
  const intro = 'A backup demo was requested from the backup promotion of the RMM console.';
  return {
    to,
    replyTo: row.userEmail,
    subject: headerText(`Backup demo request from ${row.userName}`),
    text: [intro, '', ...facts.map(([label, value]) => `${label}: ${value}`), ''].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      '<table>',
      ...facts.map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
    ].join('\n'),
  };
};
