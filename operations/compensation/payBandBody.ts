import { z } from 'zod';
import { AmountMinor, CurrencyCode } from './compensationSchemas';

/** The fields of a pay band as create and update take them. */
export const payBandFields = {
  name: z.string().trim().min(1).max(100).describe('the band’s name, unique in the workspace'),
  jobTitle: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .nullable()
    .describe('the job title it is for (matched to employees’ jobTitle); null: assigned by hand'),
  currency: CurrencyCode,
  minMinor: AmountMinor.describe('the lowest yearly salary, minor units'),
  maxMinor: AmountMinor.describe('the highest yearly salary, minor units; not below minMinor'),
};
