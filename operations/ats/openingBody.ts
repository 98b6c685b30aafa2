import { z } from 'zod';
import { EmploymentTypeSchema } from './atsSchemas';

/** The fields of a job opening a create or an update sets (an update: any of them). */
export const openingFields = {
  title: z.string().trim().min(1).max(200).describe('the job title, up to 200 characters'),
  description: z.string().trim().max(10_000).nullable().describe('what the job is, up to 10000 characters'),
  departmentId: z.uuid().nullable().describe('the department (GET /api/organization/departments)'),
  locationId: z.uuid().nullable().describe('the office (GET /api/organization/locations)'),
  employmentType: EmploymentTypeSchema,
  hiringManagerId: z.uuid().describe('the employee who decides the hire (HR changes it)'),
  recruiterIds: z
    .array(z.uuid())
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'each recruiter is listed once')
    .describe('employees who run the recruiting, up to 20'),
  openings: z.number().int().min(1).max(1000).describe('how many people to hire, 1 to 1000'),
};
