import type { PdfLine } from '../../lib/pdf/textPdf';

/** What an employment certificate states, gathered by employmentCertificates.ts. */
export interface EmploymentFacts {
  employer: string;
  name: string;
  employeeNumber: number;
  jobTitle: string;
  department: string | null;
  hireDate: string;
  /** Null: employed, with no end date recorded. */
  terminationDate: string | null;
  issueDate: string;
  purpose: string | null;
  /** "60000.00 EUR a year", when asked for and allowed. */
  salary: string | null;
}

/**
 * The text of an employment certificate, line by line: who is (or was) employed by whom, as what, since when and
 * until when, for what purpose, issued on which day. Dates stay YYYY-MM-DD, the API's form, so they read the same
 * in every language.
 */
export function employmentCertificateLines(f: EmploymentFacts): PdfLine[] {
  const today = f.issueDate;
  const status =
    f.terminationDate === null
      ? `${f.name} is employed by ${f.employer}.`
      : f.terminationDate <= today
        ? `${f.name} was employed by ${f.employer} until ${f.terminationDate}.`
        : `${f.name} is employed by ${f.employer}; the employment ends on ${f.terminationDate}.`;
  const lines: PdfLine[] = [
    { text: f.employer, size: 12, bold: true },
    { text: 'Employment certificate', size: 18, bold: true, gapBefore: 24 },
    {
      text: `This is to certify that ${f.name} has been employed by ${f.employer} since ${f.hireDate}.`,
      gapBefore: 18,
    },
    { text: status },
    { text: 'Name', bold: true, gapBefore: 14 },
    { text: f.name },
    { text: 'Employee number', bold: true },
    { text: String(f.employeeNumber) },
    { text: 'Job title', bold: true },
    { text: f.jobTitle },
    { text: 'Department', bold: true },
    { text: f.department ?? '(none)' },
    { text: 'Hire date', bold: true },
    { text: f.hireDate },
    { text: 'Employment', bold: true },
    { text: f.terminationDate === null ? 'is employed' : `termination date ${f.terminationDate}` },
  ];
  if (f.salary !== null) lines.push({ text: 'Gross salary', bold: true }, { text: f.salary });
  if (f.purpose !== null) lines.push({ text: 'Purpose', bold: true }, { text: f.purpose });
  lines.push({ text: `Issued on ${f.issueDate} by ${f.employer}.`, gapBefore: 24 });
  return lines;
}
