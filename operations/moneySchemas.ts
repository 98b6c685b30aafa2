import { z } from 'zod';
import { isCurrencyCode, MAX_AMOUNT_MINOR } from '../lib/money/money';

/** Money as the company API writes it (company-api.md, "Money"), shared by Expenses, Compensation and Payroll. */

export const CurrencyCode = z
  .string()
  .refine(isCurrencyCode, 'must be an ISO 4217 currency code in capitals, such as EUR')
  .describe('ISO 4217 currency code, such as EUR');

/** A whole number of minor units (cents for EUR): never a float. */
export const AmountMinor = z
  .number()
  .int('must be a whole number of minor units (cents for EUR), never a decimal')
  .min(0)
  .max(MAX_AMOUNT_MINOR)
  .describe('amount in minor units of the currency (12550 is 125.50 EUR)');

/** An amount in an answer. */
export const MoneyView = z.object({
  amountMinor: z.number().int().describe('minor units of the currency (12550 is 125.50 EUR)'),
  currency: z.string().describe('ISO 4217'),
});
